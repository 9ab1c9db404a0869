// The comparison server of `npm run bench -- --only stream`: bare node:http holding Server-Sent
// Events streams, to show what one core of this machine can do at all. Each GET gets the stream's
// head and a snapshot event; GET /publish writes one rate event, framed once as an HTTP chunk, to
// every stream with one socket.write each (as the API's StreamHub does, without the API around it),
// and answers how long the loop took. No parsing, no keys, no metering: the floor, not a rival.
import { createServer } from 'node:http';

const port = Number(process.env.BARE_PORT ?? 4401);
const sockets = new Set();
let published = 0;

const chunkOf = (text) => {
  const bytes = Buffer.from(text);
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
};
// As long as one of the API's `rate` events for one symbol.
const rateEvent = (n) =>
  `id: ${n.toString(16).padStart(16, '0')}\nevent: rate\ndata: {"base":"USD","symbol":"EUR","rate":0.88${n},` +
  `"timestamp":"${new Date().toISOString()}","date":"${new Date().toISOString().slice(0, 10)}",` +
  '"source":"bench","stale":false,"marketClosed":false}\n\n';

createServer((request, response) => {
  if (request.url === '/publish') {
    const frame = chunkOf(rateEvent(++published));
    const started = performance.now();
    for (const socket of sockets) socket.write(frame);
    const ms = performance.now() - started;
    response.end(JSON.stringify({ streams: sockets.size, ms }));
    return;
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.flushHeaders();
  const { socket } = response;
  socket.write(chunkOf('retry: 2000\n\nevent: snapshot\ndata: {}\n\n'));
  sockets.add(socket);
  socket.once('close', () => sockets.delete(socket));
}).listen(port, '127.0.0.1');
