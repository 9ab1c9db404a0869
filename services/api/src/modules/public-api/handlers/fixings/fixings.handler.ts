import { Type } from '@sinclair/typebox';
import type { FixingRow } from '@fxrates/db';
import {
  ECB_FIX_TIME,
  ECB_FIX_ZONE,
  ErrorCode,
  parseFixingId,
  planAllowsCurrency,
  type FixingCut,
} from '@fxrates/domain';
import { addDays, displayRate, RateDecimal } from '@fxrates/rates';
import { AppException } from '../../../../common/errors';
import {
  DayParameter,
  onlyParameters,
  optionalCurrency,
  optionalCurrencyList,
  optionalString,
} from '../../../../common/input';
import { parameterNames } from '../../../../common/openapi';
import { notInFuture, parseDay } from '../../../history';
import { assertCurrenciesInPlan } from '../../../plans';
import { FINAL_CLOSES } from '../../cache-policy';
import { BASE_PARAMETER, HISTORY_SYMBOLS_PARAMETER } from '../../public-api.schemas';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../../public-route';
import { NUMBERS_QUERY, numbersOf } from '../../numbers';
import { JWKS_PATH, type Fixings } from '../../../fixings';
import {
  FixingList,
  fixingListWriter,
  FixingRates,
  fixingRatesWriter,
  FixingVerification,
  fixingVerificationWriter,
  SignedFixing,
  signedFixingWriter,
} from './fixings.schemas';

const FIXINGS_PATH = `${PUBLIC_API_PREFIX}/fixings`;
/** The list's default span, and its longest. */
const LIST_DEFAULT_DAYS = 31;
const LIST_MAX_DAYS = 366;

/**
 * Every problem any of the fixings routes answers: their paths overlap (`/fixings/{id}` with an id
 * holding a `/` is `/fixings/{cut}/{date}`), so each documents them all.
 */
const FIXING_PROBLEMS = [
  ErrorCode.UnknownCut,
  ErrorCode.InvalidDate,
  ErrorCode.DateOutOfRange,
  ErrorCode.FixingNotFound,
  ErrorCode.UnknownCurrency,
  ErrorCode.PlanUpgradeRequired,
];

const CUT_PARAMS = Type.Object({
  cut: Type.String({ description: 'The cut (GET /api/v1/fixings lists them)', example: 'LDN1600' }),
  date: DayParameter("The cut's local day", '2026-03-27'),
});
const ID_PARAMS = Type.Object({
  id: Type.String({ description: 'The fixing id, `fix_<cut>_<YYYYMMDD>`', example: 'fix_LDN1600_20260327' }),
});
const RATES_QUERY = Type.Object({
  base: Type.Optional(BASE_PARAMETER),
  symbols: Type.Optional(HISTORY_SYMBOLS_PARAMETER),
  ...NUMBERS_QUERY,
});
const RATES_PARAMETERS = parameterNames(RATES_QUERY);
const LIST_QUERY = Type.Object({
  cut: Type.Optional(Type.String({ description: 'Only this cut', example: 'LDN1600' })),
  start: Type.Optional(
    DayParameter(`First day (default: ${LIST_DEFAULT_DAYS - 1} days before end)`, '2026-03-01'),
  ),
  end: Type.Optional(
    DayParameter(`Last day (default today), at most ${LIST_MAX_DAYS} days after start`, '2026-03-31'),
  ),
});
const LIST_PARAMETERS = parameterNames(LIST_QUERY);

const urls = (id: string) => ({
  signedDocument: `${FIXINGS_PATH}/${id}`,
  verify: `${FIXINGS_PATH}/${id}/verify`,
  jwks: JWKS_PATH,
});

const VERIFY_NOTE =
  'Signed with Ed25519 over the RFC 8785 canonical JSON of the document GET /api/v1/fixings/{id} answers (without `signature`); the keys, retired ones included, are at /.well-known/jwks.json. Past fixings never change: answers are `immutable`.';

/** The fixing's rates per 1 `base` (10 significant digits, half-even), with each currency's provenance. */
function rebased(
  fixing: FixingRow,
  base: string,
  requested: string[] | undefined,
  plan: Parameters<typeof planAllowsCurrency>[0],
  notFound: (what: string) => AppException,
) {
  const perUsd = (code: string) =>
    code === 'USD'
      ? new RateDecimal(1)
      : fixing.rates[code] !== undefined
        ? new RateDecimal(fixing.rates[code])
        : undefined;
  const baseRate = perUsd(base);
  if (!baseRate) throw notFound(`${fixing.id} holds no rate of ${base}`);
  const symbols =
    requested ??
    [...Object.keys(fixing.rates), 'USD']
      .filter((code) => code !== base && planAllowsCurrency(plan, code))
      .sort();
  const rates: Record<string, string> = {};
  const provenance: FixingRow['provenance'] = {};
  if (base !== 'USD') provenance[base] = fixing.provenance[base];
  for (const code of symbols) {
    const rate = perUsd(code);
    if (!rate) throw notFound(`${fixing.id} holds no rate of ${code}`);
    rates[code] = displayRate(rate.dividedBy(baseRate)).toString();
    if (code !== 'USD') provenance[code] = fixing.provenance[code];
  }
  return { rates, provenance };
}

function signedDocument(fixing: FixingRow) {
  return {
    ...(JSON.parse(fixing.payload) as Record<string, unknown>),
    signature: { alg: 'EdDSA', kid: fixing.kid, jws: fixing.signature },
  };
}

function cutView(cut: FixingCut) {
  return cut.kind === 'ecb'
    ? {
        name: cut.name,
        kind: cut.kind,
        timeZone: ECB_FIX_ZONE,
        time: ECB_FIX_TIME,
        days: 'ecb-days' as const,
      }
    : { name: cut.name, kind: cut.kind, timeZone: cut.timeZone, time: cut.time, days: cut.days };
}

/** The fixing an id names, or 404 (an id that cannot be one included). */
async function fixingOf(fixings: Fixings, id: string): Promise<FixingRow> {
  const parsed = parseFixingId(id);
  const fixing = parsed ? await fixings.byId(id) : null;
  if (!fixing) throw fixings.notFound(`has the id "${id}"`);
  return fixing;
}

/** GET /api/v1/fixings, /fixings/{cut}/{date}, /fixings/{id} and /fixings/{id}/verify. */
export function fixingRoutes(fixings: Fixings): PublicRoute[] {
  return [
    {
      path: FIXINGS_PATH,
      endpoint: 'fixings',
      scope: 'history:read',
      metered: true,
      caching: { made: 'fixed', cacheControl: 'public, max-age=60' },
      writer: fixingListWriter,
      schema: {
        operationId: 'listFixings',
        summary: 'The cuts we keep and the fixings stored (Basic plan and up)',
        description: `FXRates fixings: at each cut (a local time in a zone, or the ECB's daily fix) the rates table in service is frozen, signed and kept unchanged. This lists the cuts and the fixings from \`start\` to \`end\` (default: the last ${LIST_DEFAULT_DAYS} days), of one cut or all. ${VERIFY_NOTE}`,
        query: LIST_QUERY,
        body: FixingList,
        problems: FIXING_PROBLEMS,
      },
      async handle({ query, now }) {
        onlyParameters(query, LIST_PARAMETERS);
        const cut = optionalString(query, 'cut');
        if (cut !== undefined) fixings.assertCut(cut);
        const today = new Date(now).toISOString().slice(0, 10);
        const endRaw = optionalString(query, 'end');
        const end = endRaw === undefined ? today : parseDay(endRaw, 'end');
        const startRaw = optionalString(query, 'start');
        const start =
          startRaw === undefined ? addDays(end, -(LIST_DEFAULT_DAYS - 1)) : parseDay(startRaw, 'start');
        if (end < start) {
          throw new AppException(ErrorCode.DateOutOfRange, `"end" (${end}) is before "start" (${start}).`);
        }
        if (addDays(start, LIST_MAX_DAYS) <= end) {
          throw new AppException(
            ErrorCode.DateOutOfRange,
            `"start" to "end" spans more than ${LIST_MAX_DAYS} days; ask for a shorter range.`,
          );
        }
        const rows = await fixings.list(start, end, cut);
        return fixingListWriter.write({
          cuts: fixings.cuts.map(cutView),
          start,
          end,
          fixings: rows.map((row) => ({
            id: row.id,
            cut: row.cut,
            date: row.day,
            cutAt: row.cutAt.toISOString(),
            frozenAt: row.createdAt.toISOString(),
          })),
        });
      },
    },
    {
      path: `${FIXINGS_PATH}/:cut/:date`,
      endpoint: 'fixings',
      scope: 'history:read',
      metered: true,
      caching: { made: 'fixed', cacheControl: FINAL_CLOSES },
      writer: fixingRatesWriter,
      schema: {
        operationId: 'getFixing',
        summary: "A cut's fixing of a day, re-based (Basic plan and up)",
        description: `The rates frozen at the cut on that day, per 1 \`base\` (10 significant digits, half-even), with each currency's source and where to verify the signature. 404 \`fixing-not-found\` until the cut has passed, and on days without one. ${VERIFY_NOTE}`,
        params: CUT_PARAMS,
        query: RATES_QUERY,
        body: FixingRates,
        problems: FIXING_PROBLEMS,
      },
      async handle({ query, params, key, now }) {
        onlyParameters(query, RATES_PARAMETERS);
        fixings.assertCut(params.cut);
        const date = parseDay(params.date, 'date');
        notInFuture(date, 'date', now);
        const base = optionalCurrency(query, 'base', 'USD');
        const requested = optionalCurrencyList(query, 'symbols');
        const numbers = numbersOf(query);
        assertCurrenciesInPlan(key.plan, [base, ...(requested ?? [])]);
        const fixing = await fixings.byCutAndDay(params.cut, date);
        if (!fixing) throw fixings.notFound(`of ${params.cut} on ${date}`);
        const { rates, provenance } = rebased(fixing, base, requested, key.plan, (what) =>
          fixings.notFound(what),
        );
        return fixingRatesWriter.write(
          {
            id: fixing.id,
            cut: fixing.cut,
            date: fixing.day,
            cutAt: fixing.cutAt.toISOString(),
            frozenAt: fixing.createdAt.toISOString(),
            base,
            rates,
            provenance,
            publisher: 'FXRates fixings',
            signature: { alg: 'EdDSA', kid: fixing.kid, jws: fixing.signature },
            ...urls(fixing.id),
          },
          numbers,
        );
      },
    },
    {
      path: `${FIXINGS_PATH}/:id`,
      endpoint: 'fixings',
      scope: 'history:read',
      metered: true,
      caching: { made: 'fixed', cacheControl: FINAL_CLOSES },
      writer: signedFixingWriter,
      schema: {
        operationId: 'getSignedFixing',
        summary: 'A fixing as signed, with its signature (Basic plan and up)',
        description: `The signed document, every rate per 1 USD as the exact decimal frozen, and \`signature\` (a detached JWS). The RFC 8785 canonical JSON of this answer without \`signature\` is the signed payload. ${VERIFY_NOTE}`,
        params: ID_PARAMS,
        query: Type.Object({}),
        body: SignedFixing,
        problems: FIXING_PROBLEMS,
      },
      async handle({ query, params }) {
        onlyParameters(query, []);
        return signedFixingWriter.write(signedDocument(await fixingOf(fixings, params.id)));
      },
    },
    {
      path: `${FIXINGS_PATH}/:id/verify`,
      endpoint: 'fixings',
      scope: 'history:read',
      metered: false,
      caching: { made: 'fixed', cacheControl: 'public, max-age=300' },
      writer: fixingVerificationWriter,
      schema: {
        operationId: 'verifyFixing',
        summary: "A fixing's signature checked by us (not metered)",
        description: `Checks the stored document against its signature and the published key its \`kid\` names. To trust no one, check it yourself: ${VERIFY_NOTE}`,
        params: ID_PARAMS,
        query: Type.Object({}),
        body: FixingVerification,
        problems: FIXING_PROBLEMS,
      },
      async handle({ query, params }) {
        onlyParameters(query, []);
        const fixing = await fixingOf(fixings, params.id);
        const verification = await fixings.verify(fixing);
        return fixingVerificationWriter.write({ id: fixing.id, ...verification, jwks: JWKS_PATH });
      },
    },
  ];
}
