import { Type } from '@sinclair/typebox';
import { compileWriter, StringEnum } from '../../../../common/openapi';
import { CurrencyCode, Day } from '../../../../common/input';
import { RatesMap } from '../../public-api.schemas';

const FixingId = Type.String({
  description: 'The fixing: `fix_<cut>_<YYYYMMDD>`',
  example: 'fix_LDN1600_20260329',
});
const CutName = Type.String({ description: 'The cut', example: 'LDN1600' });
const CutAt = Type.String({ format: 'date-time', description: 'The instant of the cut' });
const FrozenAt = Type.String({
  format: 'date-time',
  description: 'When the worker froze it, at or shortly after the cut',
});

const Provenance = Type.Object(
  {
    source: Type.String({ example: 'ecb' }),
    timestamp: Type.String({ format: 'date-time', description: 'When the source published the rate' }),
    date: Day('Day the rate belongs to'),
  },
  { additionalProperties: false },
);
const ProvenanceMap = (description: string) =>
  Type.Object(
    {},
    {
      additionalProperties: Provenance,
      description,
      example: { EUR: { source: 'ecb', timestamp: '2026-03-27T15:00:00.000Z', date: '2026-03-27' } },
    },
  );

export const Signature = Type.Object(
  {
    alg: StringEnum(['EdDSA'] as const, { description: 'Ed25519' }),
    kid: Type.String({ description: 'The signing key, in /.well-known/jwks.json' }),
    jws: Type.String({
      description:
        'Detached compact JWS (RFC 7515 Appendix F): `<protected>..<signature>`; the payload is the RFC 8785 canonical JSON of the signed document, base64url-encoded when re-attached',
    }),
  },
  { additionalProperties: false },
);

/** GET /api/v1/fixings/{cut}/{date}: the fixing re-based on `base`. */
export const FixingRates = Type.Object(
  {
    id: FixingId,
    cut: CutName,
    date: Day("The cut's local day"),
    cutAt: CutAt,
    frozenAt: FrozenAt,
    base: CurrencyCode('USD'),
    rates: RatesMap('Units of each currency per 1 base at the cut, 10 significant digits (half-even)', {
      EUR: 0.9174311927,
    }),
    provenance: ProvenanceMap(
      'Per currency of the answer (the base unless USD, then each symbol): its source',
    ),
    publisher: StringEnum(['FXRates fixings'] as const),
    signature: Signature,
    signedDocument: Type.String({
      description: 'Where the signed document is (GET it and check `signature.jws` against the JWKS)',
      example: '/api/v1/fixings/fix_LDN1600_20260329',
    }),
    verify: Type.String({ example: '/api/v1/fixings/fix_LDN1600_20260329/verify' }),
    jwks: Type.String({ example: '/.well-known/jwks.json' }),
  },
  { $id: 'FixingRates', additionalProperties: false },
);
export const fixingRatesWriter = compileWriter(FixingRates);

/** GET /api/v1/fixings/{id}: the document exactly as signed, and its signature. */
export const SignedFixing = Type.Object(
  {
    id: FixingId,
    cut: CutName,
    date: Day("The cut's local day"),
    cutAt: CutAt,
    base: StringEnum(['USD'] as const),
    rates: Type.Object(
      {},
      {
        additionalProperties: Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' }),
        description: 'Units of each currency per 1 USD, exact decimal strings as frozen',
        example: { EUR: '0.9174311927' },
      },
    ),
    provenance: ProvenanceMap('Per currency: where its rate came from'),
    tableVersion: Type.String({ description: 'The rates table frozen' }),
    frozenAt: FrozenAt,
    publisher: StringEnum(['FXRates fixings'] as const),
    signature: Signature,
  },
  { $id: 'SignedFixing', additionalProperties: false },
);
export const signedFixingWriter = compileWriter(SignedFixing);

/** GET /api/v1/fixings/{id}/verify. */
export const FixingVerification = Type.Object(
  {
    id: FixingId,
    valid: Type.Boolean({ description: 'Whether the stored document matches its signature' }),
    kid: Type.String(),
    alg: StringEnum(['EdDSA'] as const),
    reason: Type.Optional(
      StringEnum(['bad-signature', 'unknown-kid'] as const, { description: 'Why it is not valid' }),
    ),
    jwks: Type.String({ example: '/.well-known/jwks.json' }),
  },
  { $id: 'FixingVerification', additionalProperties: false },
);
export const fixingVerificationWriter = compileWriter(FixingVerification);

const Cut = Type.Object(
  {
    name: CutName,
    kind: StringEnum(['clock', 'ecb'] as const, {
      description:
        "`clock`: a local time in a zone; `ecb`: the first table carrying the ECB's rates of a day",
    }),
    timeZone: Type.String({ example: 'Europe/London' }),
    time: Type.String({ example: '16:00', description: 'Local time of the cut' }),
    days: StringEnum(['weekdays', 'daily', 'ecb-days'] as const),
  },
  { additionalProperties: false },
);

/** GET /api/v1/fixings. */
export const FixingList = Type.Object(
  {
    cuts: Type.Array(Cut, { description: 'The cuts we keep' }),
    start: Day(),
    end: Day(),
    fixings: Type.Array(
      Type.Object(
        { id: FixingId, cut: CutName, date: Day(), cutAt: CutAt, frozenAt: FrozenAt },
        { additionalProperties: false },
      ),
      { description: 'The fixings stored, by day and cut' },
    ),
  },
  { $id: 'FixingList', additionalProperties: false },
);
export const fixingListWriter = compileWriter(FixingList);
