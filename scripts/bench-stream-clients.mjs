// Many Server-Sent Events clients of GET /api/v1/stream in one process, for `npm run bench -- --only
// stream` (issue 20 §5): each on a connection of its own, noting when each `rate` event arrives. Not
// a test: nothing here can fail a build.
import http from 'node:http';

/** Symbol sets the streams follow, in turn: topics share serialised events, as real clients would. */
export const STREAM_TOPICS = [
  'symbols=EUR,GBP,BTC&base=USD',
  'symbols=EUR&base=USD',
  'symbols=JPY,CHF,CAD&base=USD',
  'symbols=USD,GBP&base=EUR',
  'symbols=BTC,ETH&base=USD',
  'symbols=AUD,NZD,SGD,HKD&base=USD',
  'symbols=EUR,USD&base=GBP',
  'symbols=INR,CNY,KRW&base=USD',
];

/**
 * Opens `count` streams on 127.0.0.1:`port` with `key`, `batch` at a time, each until its snapshot
 * has come. Returns the clients: `awaitChange(since, timeoutMs)` resolves with the latency (ms from
 * `since`, a performance.now() reading) of each stream's first `rate` event after `since`.
 */
export async function openStreams({ port, key, count, batch = 250, onProgress = () => {} }) {
  const streams = [];
  for (let opened = 0; opened < count; opened += batch) {
    const size = Math.min(batch, count - opened);
    streams.push(
      ...(await Promise.all(
        Array.from({ length: size }, (_, i) =>
          openStream(port, key, STREAM_TOPICS[(opened + i) % STREAM_TOPICS.length]),
        ),
      )),
    );
    onProgress(streams.length);
  }
  return {
    streams,
    /** The latencies of the streams' first change after `since`; a stream that got none is left out. */
    async awaitChange(since, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      while (performance.now() < deadline && streams.some((stream) => !(stream.lastRateAt >= since))) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return streams
        .filter((stream) => stream.lastRateAt >= since)
        .map((stream) => stream.firstRateAfter(since) - since);
    },
    /** Streams that ended (the server dropped them) since they opened. */
    get ended() {
      return streams.filter((stream) => stream.ended).length;
    },
    close() {
      for (const stream of streams) stream.request.destroy();
    },
  };
}

/** One stream: resolves once its snapshot has come; keeps the arrival times of its `rate` events. */
function openStream(port, key, topic) {
  return new Promise((resolve, reject) => {
    const arrivals = [];
    const stream = {
      request: null,
      ended: false,
      get lastRateAt() {
        return arrivals.at(-1) ?? -1;
      },
      firstRateAfter(since) {
        return arrivals.find((at) => at >= since);
      },
    };
    let snapshot = false;
    stream.request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/api/v1/stream?${topic}`,
        agent: false,
        headers: { 'x-api-key': key, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`stream ${topic}: ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          if (chunk.includes('event: rate')) {
            // Before the event's own work: the time it reached this client.
            arrivals.push(performance.now());
            if (arrivals.length > 64) arrivals.splice(0, 32);
          }
          if (!snapshot && chunk.includes('event: snapshot')) {
            snapshot = true;
            resolve(stream);
          }
        });
        res.on('end', () => {
          stream.ended = true;
        });
      },
    );
    stream.request.on('error', (error) => {
      stream.ended = true;
      if (!snapshot) reject(error);
    });
  });
}
