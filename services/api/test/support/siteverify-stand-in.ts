import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SiteverifyStandIn {
  url: string;
  /** Form bodies received, in order. */
  requests: URLSearchParams[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

/**
 * Google's siteverify on loopback, in its real wire format (form in, JSON out). The token's prefix
 * picks the verdict: good-, low-, action-, host-, refused-, hang-.
 */
export async function startSiteverifyStandIn(secret: string): Promise<SiteverifyStandIn> {
  const requests: URLSearchParams[] = [];
  const hanging = new Set<import('node:http').ServerResponse>();
  const server: Server = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    requests.push(form);
    const token = form.get('response') ?? '';
    const reply = (body: object) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (form.get('secret') !== secret)
      return reply({ success: false, 'error-codes': ['invalid-input-secret'] });
    const verdict = {
      success: true,
      challenge_ts: new Date().toISOString(),
      hostname: 'localhost',
      score: 0.9,
      action: 'contact_form',
    };
    if (token.startsWith('good-')) return reply(verdict);
    if (token.startsWith('low-')) return reply({ ...verdict, score: 0.1 });
    if (token.startsWith('action-')) return reply({ ...verdict, action: 'login' });
    if (token.startsWith('host-')) return reply({ ...verdict, hostname: 'evil.example' });
    if (token.startsWith('hang-')) {
      hanging.add(response);
      return;
    }
    return reply({ success: false, 'error-codes': ['invalid-input-response'] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
