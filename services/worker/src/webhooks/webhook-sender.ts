import type { LookupFunction } from 'node:net';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import { RefusedTarget, vetWebhookTarget, type ResolveAll } from './ssrf-guard';

/** The most of an answer's body read (and kept, for the log): the rest is never read. */
export const WEBHOOK_RESPONSE_CAP_BYTES = 64 * 1024;

/** One attempt's result: delivered on a 2xx; otherwise the status (null without an answer) and why. */
export type AttemptOutcome =
  { ok: true; status: number } | { ok: false; status: number | null; error: string };

export interface SendSettings {
  allowInsecureLocalhost: boolean;
  timeoutMs: number;
  resolve: ResolveAll;
}

/** A lookup that answers only the vetted address, whatever name it is asked: the connection is pinned. */
function pinned(address: string, family: 4 | 6): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

/**
 * Sends one signed attempt (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256>`, signed with the `standardwebhooks` library) to a
 * vetted address (ssrf-guard.ts): no redirect followed (a 3xx fails the attempt), one deadline for
 * the whole attempt, at most 64 KiB of the answer read.
 */
export async function sendWebhookAttempt(
  target: { url: string; secret: string; messageId: string; body: string },
  settings: SendSettings,
): Promise<AttemptOutcome> {
  let vetted;
  try {
    vetted = await vetWebhookTarget(target.url, settings);
  } catch (error) {
    if (error instanceof RefusedTarget)
      return { ok: false, status: null, error: `refused: ${error.message}` };
    throw error;
  }
  const timestamp = new Date();
  const signature = new Webhook(target.secret).sign(target.messageId, timestamp, target.body);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'FXRatesPro-Webhooks/1.0',
    'webhook-id': target.messageId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signature,
    'content-length': String(Buffer.byteLength(target.body)),
  };
  const { url } = vetted;
  const secure = url.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(outcome);
    };
    const request = send(
      url,
      {
        method: 'POST',
        headers,
        lookup: pinned(vetted.address, vetted.family),
        // SNI and the certificate check use the name, never the pinned address.
        ...(secure ? { servername: vetted.hostname.includes(':') ? undefined : vetted.hostname } : {}),
        agent: false,
      },
      (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        const done = () =>
          finish(
            status >= 200 && status < 300
              ? { ok: true, status }
              : {
                  ok: false,
                  status,
                  error:
                    status >= 300 && status < 400
                      ? `redirect not followed (HTTP ${status})`
                      : `HTTP ${status}`,
                },
          );
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // Enough read: the rest of the answer is not ours to wait for.
          if (read >= WEBHOOK_RESPONSE_CAP_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
        response.on('aborted', done);
      },
    );
    const timer = setTimeout(
      () => finish({ ok: false, status: null, error: `timeout after ${settings.timeoutMs} ms` }),
      settings.timeoutMs,
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ ok: false, status: null, error: error.code ?? error.message }),
    );
    request.end(target.body);
  });
}
