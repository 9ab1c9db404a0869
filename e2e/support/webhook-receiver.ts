import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got: the Standard Webhooks headers and the raw body. */
export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

/**
 * A webhook endpoint of the test's own on 127.0.0.1 (the stack allows plain http there,
 * WEBHOOKS_ALLOW_INSECURE_LOCALHOST): it records each POST and answers `status` (200 unless set),
 * or holds its answers while `hold()` is in force, so that a delivery stays pending.
 */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  answerWith(status: number): void;
  /** Holds every answer until the returned function is called. */
  hold(): () => void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/hooks/fxrates'): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let status = 200;
  let held: Promise<void> | null = null;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const header = (name: string) => String(request.headers[name] ?? '');
      received.push({
        id: header('webhook-id'),
        timestamp: header('webhook-timestamp'),
        signature: header('webhook-signature'),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = () => {
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end('ok');
      };
      if (held) void held.then(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    answerWith: (next) => {
      status = next;
    },
    hold: () => {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        held = null;
        release();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * True when the delivery is signed with `secret` (`whsec_<base64>`) as Standard Webhooks signs:
 * `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, one of the space-separated signatures.
 */
export function signedWith(delivery: ReceivedWebhook, secret: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${delivery.id}.${delivery.timestamp}.${delivery.body}`)
    .digest();
  return delivery.signature.split(' ').some((signature) => {
    const [version, value] = signature.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
