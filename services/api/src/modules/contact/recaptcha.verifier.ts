import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ErrorCode } from '@fxrates/domain';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { AppException } from '../../common/app-exception';
import { REDIS } from '../redis/redis.module';

export const RECAPTCHA_ACTION = 'contact_form';
const VERIFY_TIMEOUT_MS = 5000;
/** reCAPTCHA tokens live two minutes; remembering used ones a little longer refuses every replay. */
const USED_TOKEN_TTL_SECONDS = 180;

interface SiteverifyResponse {
  success?: boolean;
  score?: number;
  action?: string;
  hostname?: string;
  'error-codes'?: string[];
}

const failed = (reason: string) =>
  new AppException(
    ErrorCode.RecaptchaFailed,
    'We could not confirm you are human. Reload the page and send the message again.',
    reason,
  );

/**
 * Server-side reCAPTCHA v3: success, our action, an allowed hostname and a high enough score, and
 * a token is good once. Without a secret (development only) the check is skipped with a warning.
 */
@Injectable()
export class RecaptchaVerifier implements OnModuleInit {
  private readonly logger = new Logger(RecaptchaVerifier.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  onModuleInit(): void {
    if (!this.config.contact.recaptchaSecret) {
      this.logger.warn(
        'RECAPTCHA_SECRET is not set: contact messages are accepted without a reCAPTCHA check',
      );
    }
  }

  async verify(token: string, remoteIp: string): Promise<void> {
    const { recaptchaSecret, recaptchaVerifyUrl, recaptchaMinScore, recaptchaHostnames } =
      this.config.contact;
    if (!recaptchaSecret) return;
    const tokenKey = `${this.config.redis.keyPrefix}recaptcha:used:${createHash('sha256').update(token).digest('hex')}`;
    const firstUse = await this.redis.set(tokenKey, '1', 'EX', USED_TOKEN_TTL_SECONDS, 'NX');
    if (firstUse !== 'OK') throw failed('token already used');

    let result: SiteverifyResponse;
    try {
      const response = await fetch(recaptchaVerifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: recaptchaSecret, response: token, remoteip: remoteIp }),
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
      result = (await response.json()) as SiteverifyResponse;
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
    if (!result.success) throw failed(`siteverify refused: ${(result['error-codes'] ?? []).join(', ')}`);
    if (result.action !== RECAPTCHA_ACTION) throw failed(`action "${result.action}"`);
    if (!result.hostname || !recaptchaHostnames.includes(result.hostname)) {
      throw failed(`hostname "${result.hostname}"`);
    }
    if (typeof result.score !== 'number' || result.score < recaptchaMinScore) {
      throw failed(`score ${result.score}`);
    }
  }
}
