import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** How a scripted server answers one request. */
export interface ScriptedAnswer {
  /** Default 200. */
  status?: number;
  /** Default `content-type: application/json`. */
  headers?: Record<string, string>;
  body?: string | Buffer;
  /**
   * `headers`: never answers. `body`: sends the status, the headers and the first bytes of the
   * body, then nothing more. Either way the caller's timeout is all that ends the request.
   */
  hang?: 'headers' | 'body';
}

export interface ScriptedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Script = (request: ScriptedRequest) => ScriptedAnswer;

/** A loopback HTTP server whose answers a test scripts: an outside service behaving badly. */
export interface ScriptedServer {
  url: string;
  port: number;
  /** Every request received, as "METHOD /path". */
  requests: string[];
  /** TCP connections accepted so far, whatever was (or was not) sent on them. */
  connections(): number;
  script: Script;
  close(): Promise<void>;
}

const notFound: Script = () => ({ status: 404, body: '{"name":"NOT_FOUND"}' });

export async function startScriptedServer(script: Script = notFound): Promise<ScriptedServer> {
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  let accepted = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0];
      scripted.requests.push(`${request.method} ${path}`);
      const answer = scripted.script({
        method: request.method ?? 'GET',
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (answer.hang === 'headers') {
        hanging.add(response);
        return;
      }
      const body = answer.body ?? '';
      response.writeHead(answer.status ?? 200, answer.headers ?? { 'content-type': 'application/json' });
      if (answer.hang === 'body') {
        hanging.add(response);
        response.write(body.slice(0, Math.max(1, Math.floor(body.length / 2))));
        return;
      }
      response.end(body);
    });
  });
  server.on('connection', (socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const scripted: ScriptedServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    requests: [],
    connections: () => accepted,
    script,
    close: () =>
      new Promise((resolve) => {
        for (const response of hanging) response.destroy();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return scripted;
}
