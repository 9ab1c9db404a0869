import { connect } from 'node:net';

/** An HTTP/1.1 answer as read off the socket: nothing normalised, so tests see what a client sees. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The payload of a chunked body: each chunk is its size in hex, CRLF, the bytes, CRLF; size 0 ends it. */
function dechunk(body: string): string {
  let payload = '';
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    const size = lineEnd === -1 ? 0 : parseInt(body.slice(at, lineEnd), 16);
    if (!size) return payload;
    payload += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

/**
 * Sends `request` (the request line, headers and any body, exactly as given) on a fresh TCP
 * connection and reads the answer until the server closes it. For requests a client library would
 * refuse or rewrite: an absolute-form target, odd percent-encoding, malformed lines.
 */
export function rawRequest(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = text.slice(0, end === -1 ? text.length : end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const body = end === -1 ? '' : text.slice(end + 4);
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers,
        body: headers['transfer-encoding'] === 'chunked' ? dechunk(body) : body,
      });
    });
    socket.write(request);
  });
}

/** A GET of `target` as sent, closing the connection after the answer. */
export function rawGet(
  port: number,
  target: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const lines = Object.entries({ Host: `127.0.0.1:${port}`, Connection: 'close', ...headers }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  return rawRequest(port, `GET ${target} HTTP/1.1\r\n${lines.join('')}\r\n`);
}
