import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ErrorCode } from '@fxrates/domain';
import { isRecord, textWithin } from '@fxrates/rates';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { AppException } from '../../common/errors';
import { REDIS } from '../redis';

export const RECAPTCHA_ACTION = 'contact_form';
const VERIFY_TIMEOUT_MS = 5000;
/** siteverify's verdict is a few hundred bytes: anything near this is not Google's, and is not read. */
const MAX_VERDICT_BYTES = 64 * 1024;
/** reCAPTCHA tokens live two minutes; remembering used ones a little longer refuses every replay. */
const USED_TOKEN_TTL_SECONDS = 180;

/** siteverify's verdict: only a JSON object is one; its fields are checked one by one before use. */
type SiteverifyResponse = Record<string, unknown>;

const failed = (reason: string) =>
  new AppException(
    ErrorCode.RecaptchaFailed,
    'We could not confirm you are human. Reload the page and send the message again.',
    reason,
  );

/**
 * Server-side reCAPTCHA v3: success, our action, an allowed hostname and a high enough score, and
 * a token is good once. With CONTACT_RECAPTCHA=off, or without a secret (development only), the
 * check is skipped with a warning.
 */
@Injectable()
export class RecaptchaVerifier implements OnModuleInit {
  private readonly logger = new Logger(RecaptchaVerifier.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  onModuleInit(): void {
    if (this.config.contact.recaptcha === 'off') {
      this.logger.warn('CONTACT_RECAPTCHA=off: contact messages are accepted without a reCAPTCHA check');
    } else if (!this.config.contact.recaptchaSecret) {
      this.logger.warn(
        'RECAPTCHA_SECRET is not set: contact messages are accepted without a reCAPTCHA check',
      );
    }
  }

  async verify(token: string, remoteIp: string): Promise<void> {
    const { recaptchaSecret, recaptchaVerifyUrl, recaptchaMinScore, recaptchaHostnames } =
      this.config.contact;
    if (this.config.contact.recaptcha === 'off' || !recaptchaSecret) return;
    const tokenKey = `${this.config.redis.keyPrefix}recaptcha:used:${createHash('sha256').update(token).digest('hex')}`;
    const firstUse = await this.redis.set(tokenKey, '1', 'EX', USED_TOKEN_TTL_SECONDS, 'NX');
    if (firstUse !== 'OK') throw failed('token already used');

    let result: SiteverifyResponse;
    try {
      result = await this.siteverify(recaptchaVerifyUrl, recaptchaSecret, token, remoteIp);
    } catch (error) {
      this.logger.warn(`reCAPTCHA verification unavailable: ${(error as Error).message}`);
      await this.redis.del(tokenKey); // not judged: the visitor may retry with the same token
      throw new AppException(
        ErrorCode.RecaptchaUnavailable,
        'We could not check the form right now. Wait a minute and send it again.',
        undefined,
        { 'Retry-After': '60' },
      );
    }
    // Only Google's own `true` is a pass: "false" and 1 are truthy, not a verdict.
    if (result.success !== true) {
      throw failed(`siteverify refused: ${JSON.stringify(result['error-codes'] ?? result.success)}`);
    }
    if (result.action !== RECAPTCHA_ACTION) throw failed(`action ${JSON.stringify(result.action)}`);
    const { hostname, score } = result;
    if (typeof hostname !== 'string' || !recaptchaHostnames.includes(hostname)) {
      throw failed(`hostname ${JSON.stringify(hostname)}`);
    }
    if (typeof score !== 'number' || !(score >= recaptchaMinScore)) {
      throw failed(`score ${JSON.stringify(score)}`);
    }
  }

  /**
   * Asks siteverify for its verdict on a token; throws when there is none to judge (no answer, an
   * error, a redirect, which is refused rather than followed, or a body that is not a JSON object).
   */
  private async siteverify(url: string, secret: string, token: string, remoteIp: string) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
      redirect: 'manual',
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      const redirect = response.headers.get('location');
      throw new Error(
        `siteverify answered ${response.status}${redirect ? `, a redirect (not followed) to ${redirect.slice(0, 200)}` : ''}`,
      );
    }
    const text = await textWithin(response, MAX_VERDICT_BYTES);
    if (text === undefined) throw new Error(`siteverify answered more than ${MAX_VERDICT_BYTES} bytes`);
    const verdict: unknown = JSON.parse(text);
    if (!isRecord(verdict)) throw new Error(`siteverify answered ${text.slice(0, 80)}, not a JSON object`);
    return verdict;
  }
}
