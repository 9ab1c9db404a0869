// Many Server-Sent Events clients of GET /api/v1/stream in one process, for `npm run bench -- --only
// stream`: each on a connection of its own, noting when each `rate` event arrives. Not
// a test: nothing here can fail a build.
import { fork } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

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

/**
 * The same clients in a process of their own, so the benchmark's load generator (autocannon, in the
 * bench's process) is not the one servicing 10 000 sockets: there their heartbeats stalled it and
 * the metered path looked slower with streams open than it was. Times cross the two processes as
 * wall-clock instants (performance.timeOrigin + now).
 */
export async function openStreamsApart(options) {
  const child = fork(fileURLToPath(import.meta.url), ['--clients'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = (message) =>
    new Promise((resolve, reject) => {
      child.once('message', (answer) => (answer.error ? reject(new Error(answer.error)) : resolve(answer)));
      child.send(message);
    });
  await ask({ open: options });
  return {
    async awaitChange(since, timeoutMs) {
      return (await ask({ awaitChange: { since: performance.timeOrigin + since, timeoutMs } })).latencies;
    },
    async ended() {
      return (await ask({ ended: true })).ended;
    },
    async close() {
      await ask({ close: true });
      child.disconnect();
    },
  };
}

if (process.argv.includes('--clients')) {
  let clients;
  process.on('message', async (message) => {
    try {
      if (message.open) {
        clients = await openStreams(message.open);
        process.send({ opened: clients.streams.length });
      } else if (message.awaitChange) {
        const { since, timeoutMs } = message.awaitChange;
        process.send({ latencies: await clients.awaitChange(since - performance.timeOrigin, timeoutMs) });
      } else if (message.ended) {
        process.send({ ended: clients.ended });
      } else if (message.close) {
        clients.close();
        process.send({ closed: true });
      }
    } catch (error) {
      process.send({ error: error.message });
    }
  });
}

const SNAPSHOT = Buffer.from('event: snapshot');
const RATE = Buffer.from('event: rate');

/**
 * One stream on a bare TCP socket (the request written by hand, the answer searched for event names
 * as bytes arrive): Node's HTTP client parses each chunk in JavaScript, and with 10 000 streams in
 * one process that parsing, not the server, set when the last events were read. Resolves once its
 * snapshot has come; keeps the arrival times of its `rate` events.
 */
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
    let head = true;
    const socket = net.connect({ host: '127.0.0.1', port, noDelay: true }, () => {
      socket.write(
        `GET /api/v1/stream?${topic} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-API-Key: ${key}\r\n` +
          'Accept: text/event-stream\r\n\r\n',
      );
    });
    stream.request = socket;
    socket.on('data', (chunk) => {
      // Before the event's own work: the time it reached this client.
      const at = performance.now();
      if (head) {
        head = false;
        const status = chunk.toString('latin1', 9, 12);
        if (status !== '200') {
          socket.destroy();
          reject(new Error(`stream ${topic}: ${status}`));
          return;
        }
      }
      if (chunk.indexOf(RATE) !== -1) {
        arrivals.push(at);
        if (arrivals.length > 64) arrivals.splice(0, 32);
      }
      if (!snapshot && chunk.indexOf(SNAPSHOT) !== -1) {
        snapshot = true;
        resolve(stream);
      }
    });
    socket.on('close', () => {
      stream.ended = true;
      if (!snapshot) reject(new Error(`stream ${topic}: closed before its snapshot`));
    });
    socket.on('error', () => {});
  });
}

const DELAY_BUCKET = /^fxrates_stream_event_delay_seconds_bucket\{le="([^"]+)"\} (\d+)/;

/**
 * The API's own count of stream writes by delay (fxrates_stream_event_delay_seconds, from a table
 * stored to its event written on a stream), read from its operator metrics: `[le seconds, count]`,
 * cumulative as Prometheus gives them.
 */
export async function streamDelayBuckets(port, user, password) {
  const response = await fetch(`http://127.0.0.1:${port}/api/metrics`, {
    headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
  });
  if (!response.ok) throw new Error(`metrics: ${response.status} ${await response.text()}`);
  const buckets = [];
  for (const line of (await response.text()).split('\n')) {
    const match = DELAY_BUCKET.exec(line);
    if (match) buckets.push([match[1] === '+Inf' ? Infinity : Number(match[1]), Number(match[2])]);
  }
  return buckets;
}

/**
 * p50 and p99 in ms of the writes counted between two readings of the buckets, interpolated within
 * a bucket (they are 10 ms wide from 10 to 100 ms), and how many writes there were.
 */
export function bucketQuantiles(before, after) {
  const counts = after.map(([le, count], i) => [le, count - (before[i]?.[1] ?? 0)]);
  const total = counts.at(-1)?.[1] ?? 0;
  const quantile = (q) => {
    const rank = q * total;
    let lower = 0;
    let below = 0;
    for (const [le, count] of counts) {
      if (count >= rank) {
        if (le === Infinity) return `> ${lower * 1000}`;
        const within = count === below ? 0 : (rank - below) / (count - below);
        return Math.round((lower + (le - lower) * within) * 1000);
      }
      lower = le;
      below = count;
    }
    return '?';
  };
  return { count: total, p50: quantile(0.5), p99: quantile(0.99) };
}
