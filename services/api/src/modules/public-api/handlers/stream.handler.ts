import { Type } from '@sinclair/typebox';
import { ErrorCode } from '@fxrates/domain';
import { PushedBody } from '../../../common/http';
import { parameterNames } from '../../../common/openapi';
import {
  onlyParameters,
  optionalCurrency,
  optionalCurrencyList,
  requiredString,
  CurrencyListParameter,
} from '../../../common/input';
import { assertCurrenciesInPlan } from '../../plans';
import { SSE_MEDIA_TYPE, type StreamHub, type StreamSlot } from '../../streams';
import { BASE_PARAMETER, PLANS_NOTE, RATES_PROBLEMS } from '../public-api.schemas';
import { PUBLIC_API_PREFIX, StreamedAnswer, type PublicRoute } from '../public-route';
import { NUMBERS_QUERY, numbersOf } from '../numbers';
import { openingEvents, snapshotEvent, streamTopic, type StreamRequest } from '../stream-events';
import { RateEvent, SnapshotEvent } from '../stream-events.schemas';

const QUERY = Type.Object({
  symbols: CurrencyListParameter('Currencies to stream', ['EUR', 'GBP', 'BTC']),
  base: Type.Optional(BASE_PARAMETER),
  ...NUMBERS_QUERY,
});
const PARAMETERS = parameterNames(QUERY);

/** A table version, as the stream's event ids are. */
const EVENT_ID = /^[0-9a-f]{16}$/;

const StreamEvents = Type.Union([SnapshotEvent, RateEvent], {
  description:
    'The `data` of each event, one line of JSON: `snapshot` or `rate`; `error` carries a problem (RFC 9457) before the stream ends. Comment lines (`: heartbeat`) come every 15 s.',
});

const HEADERS = {
  'content-type': `${SSE_MEDIA_TYPE}; charset=utf-8`,
  'cache-control': 'no-store',
  // nginx would otherwise buffer the events (deploy/ puts it in front of the API).
  'x-accel-buffering': 'no',
};

/** A stream's answer: its slot goes back when metering refuses the call before it starts. */
class StreamAnswer extends StreamedAnswer {
  constructor(
    private readonly slot: StreamSlot,
    body: PushedBody,
  ) {
    super(200, HEADERS, body);
  }

  override release(): void {
    this.slot.release();
  }
}

const DESCRIPTION = `Server-Sent Events (\`text/event-stream\`): first \`event: snapshot\` with every requested rate (as /rates/latest answers them), then \`event: rate\` for each change of a requested rate, each with its provenance (source, timestamp, stale, marketClosed); a \`: heartbeat\` comment every 15 s. Each event id is the rates table's version: send it back as \`Last-Event-ID\` to resume without gaps within 5 minutes (older or unknown: a new snapshot with \`reset: true\`). Professional and Enterprise plans (others 403 \`plan-upgrade-required\`); counted as one call when opened and one more per started hour; at most 5 (Professional) or 50 (Enterprise) open at once per user, beyond that 429 \`too-many-streams\`. When the monthly quota runs out while open, or the key is deactivated, or the owner's plan no longer includes streams, an \`event: error\` carrying the problem a new call would get ends the stream; when the plan changes to another with streams, a \`: your plan changed, reconnect\` comment ends it, and the stream opened again serves the new plan. ${PLANS_NOTE}`;

/** GET /api/v1/stream?symbols=EUR,GBP&base=USD: the requested rates as they change, over Server-Sent Events. */
export function streamRoute(hub: StreamHub): PublicRoute {
  return {
    path: `${PUBLIC_API_PREFIX}/stream`,
    endpoint: 'stream',
    scope: 'stream',
    metered: true,
    caching: { made: 'fixed', cacheControl: 'no-store' },
    schema: {
      operationId: 'streamRates',
      summary: 'Stream rates as they change (Server-Sent Events)',
      description: DESCRIPTION,
      query: QUERY,
      body: StreamEvents,
      media: SSE_MEDIA_TYPE,
      headerParameters: [
        {
          name: 'Last-Event-ID',
          in: 'header',
          required: false,
          description:
            'The id of the last event received: the stream resumes after it (the changes since), or starts with a snapshot with `reset: true` when it is older than 5 minutes',
          schema: { type: 'string', pattern: EVENT_ID.source },
        },
      ],
      problems: [...RATES_PROBLEMS, ErrorCode.MissingParameter, ErrorCode.TooManyStreams],
    },
    async handle({ query, key, table, now, headers, target, id }) {
      onlyParameters(query, PARAMETERS);
      requiredString(query, 'symbols');
      const request: StreamRequest = {
        plan: key.plan,
        base: optionalCurrency(query, 'base', 'USD'),
        symbols: optionalCurrencyList(query, 'symbols') ?? [],
        numbers: numbersOf(query),
      };
      assertCurrenciesInPlan(key.plan, [request.base, ...request.symbols]);
      // A rate not in service refuses the stream now, before a slot is taken or the call counted.
      snapshotEvent(request, table, now, false);
      const sent = headers['last-event-id'];
      // Any other text is an id this API never gave: the stream starts with a snapshot saying so.
      const lastEventId = typeof sent === 'string' && sent.trim() !== '' ? sent.trim() : undefined;
      const slot = await hub.reserve(key);
      const topic = streamTopic(request);
      return new StreamAnswer(
        slot,
        new PushedBody((connection) =>
          hub.start(
            slot,
            topic,
            (current, at) =>
              openingEvents(request, current, at, lastEventId, (version, when) => hub.tableOf(version, when)),
            { target, id, connection },
          ),
        ),
      );
    },
  };
}
