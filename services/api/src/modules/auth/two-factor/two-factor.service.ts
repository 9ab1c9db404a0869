import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { TwoFactorRepository, User, type TwoFactorRow } from '@fxrates/db';
import {
  ErrorCode,
  type TwoFactorDisableRequest,
  type TwoFactorEnrolment,
  type TwoFactorProof,
  type TwoFactorRecoveryCodes,
  type TwoFactorStatus,
} from '@fxrates/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import { toString as qrCodeSvg } from 'qrcode';
import { AppException } from '../../../common/errors';
import { unauthorized } from '../access-tokens.service';
import { CurrentPasswordCheck } from '../current-password';
import { hashRecoveryCode, newRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes';
import { SecretBox } from './secret-box';
import { newTotpSecret, totpStepOf, totpUri } from './totp';
import { TwoFactorThrottleService } from './two-factor-throttle.service';

const wrongCode = (message = 'That code is not right. Enter the current code from your authenticator app.') =>
  new AppException(ErrorCode.WrongTwoFactorCode, message);

const iso = (time: Date | string) => new Date(time).toISOString();

const notEnabled = () =>
  new AppException(ErrorCode.TwoFactorNotEnabled, 'Two-factor authentication is not on for this account.');

/**
 * Two-factor authentication with an authenticator app (TOTP, RFC 6238) and ten recovery codes.
 * The secret is kept sealed (SecretBox) and each accepted code's time step is kept,
 * so that a code works once: a code seen in use (over a shoulder, by a phishing page) cannot be
 * used again within its 90 seconds. Every code checked counts under TwoFactorThrottleService, as
 * passwords count under the sign-in throttle.
 *
 * For other features that want a second factor before an action (deleting the account, …):
 * `isEnabled` and `verifyForAction`.
 */
@Injectable()
export class TwoFactorService {
  private readonly box: SecretBox;

  constructor(
    private readonly em: EntityManager,
    private readonly throttle: TwoFactorThrottleService,
    private readonly currentPassword: CurrentPasswordCheck,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    // Derived from the API key secret, whose rotation already means re-issuing every key (docs/decisions.md).
    this.box = new SecretBox(config.keys.hashSecret);
  }

  async isEnabled(userId: string): Promise<boolean> {
    const row = await this.row(userId);
    return row?.enabled_at != null;
  }

  async status(userId: string): Promise<TwoFactorStatus> {
    const row = await this.row(userId);
    if (!row?.enabled_at) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
    const recoveryCodesLeft = await new TwoFactorRepository(this.em).recoveryCodesLeft(userId);
    return { enabled: true, enabledAt: iso(row.enabled_at), recoveryCodesLeft };
  }

  /**
   * A new secret for the account, waiting for its first code (confirm); a newer start replaces a
   * waiting one. Refused while two-factor is on: turning it off comes first.
   */
  async start(userId: string): Promise<TwoFactorEnrolment> {
    const user = await this.em.fork().findOne(User, { id: userId }, { fields: ['id', 'email'] });
    if (!user) throw unauthorized();
    const secret = newTotpSecret();
    const stored = await new TwoFactorRepository(this.em).startEnrolment(
      userId,
      this.box.seal(secret, userId),
    );
    if (!stored) {
      throw new AppException(
        ErrorCode.TwoFactorAlreadyEnabled,
        'Two-factor authentication is already on. Turn it off first to set up another app.',
      );
    }
    const otpauthUri = totpUri(secret, user.email);
    // SVG rather than PNG: sharp at any size and zoom, and about a fifth of the PNG encoder's time.
    const svg = await qrCodeSvg(otpauthUri, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 1,
      width: 232,
    });
    const qrCode = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    return { secret, otpauthUri, qrCode };
  }

  /** Turns two-factor on with the first code of the app; answers the recovery codes, this once. */
  async confirm(userId: string, code: string, ip: string | undefined): Promise<TwoFactorRecoveryCodes> {
    const row = await this.row(userId);
    if (row?.enabled_at) {
      throw new AppException(ErrorCode.TwoFactorAlreadyEnabled, 'Two-factor authentication is already on.');
    }
    if (!row) {
      throw new AppException(
        ErrorCode.TwoFactorNotStarted,
        'Start the set-up first: scan the QR code, then enter the code your app shows.',
      );
    }
    await this.checked(userId, ip, () => this.acceptsCode(userId, row, code));
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const enabledAt = await this.em.fork().transactional(async (tx) => {
      // Only the secret the code was checked against: a set-up restarted meanwhile needs its own code.
      const enabled = await new TwoFactorRepository(tx).enable(userId, row.secret_ciphertext);
      if (!enabled) {
        throw new AppException(
          ErrorCode.TwoFactorNotStarted,
          'The set-up was started again meanwhile: enter the code for the newest QR code.',
        );
      }
      await this.replaceRecoveryCodes(tx, userId, recoveryCodes);
      return enabled;
    });
    return { enabledAt: iso(enabledAt), recoveryCodes };
  }

  /** New recovery codes for old ones (all of them stop working), with a second factor. */
  async regenerateRecoveryCodes(
    userId: string,
    proof: TwoFactorProof,
    ip: string | undefined,
  ): Promise<TwoFactorRecoveryCodes> {
    await this.verifyForAction(userId, proof, ip);
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.em.fork().transactional((tx) => this.replaceRecoveryCodes(tx, userId, recoveryCodes));
    const row = await this.row(userId);
    if (!row?.enabled_at) throw notEnabled();
    return { enabledAt: iso(row.enabled_at), recoveryCodes };
  }

  /**
   * Turns two-factor off with the password (under the sign-in throttle) and a second factor: the
   * secret and the codes are deleted.
   */
  async disable(userId: string, request: TwoFactorDisableRequest, ip: string | undefined): Promise<void> {
    if (!(await this.isEnabled(userId))) throw notEnabled();
    const user = await this.em
      .fork()
      .findOne(User, { id: userId }, { fields: ['id', 'email', 'passwordHash'] });
    if (!user) throw unauthorized();
    await this.currentPassword.assert(user, request.password, ip);
    await this.verifyForAction(userId, request, ip);
    await this.em.fork().transactional((tx) => new TwoFactorRepository(tx).remove(userId));
  }

  /**
   * Checks a second factor of an account that has two-factor on, under the code throttle: a current
   * authenticator code not used before (its time step is then spent), or an unused recovery code
   * (then used). Throws 409 `two-factor-not-enabled`, 400 `wrong-two-factor-code`, 400
   * `validation-failed` (neither given) or 429 `too-many-attempts`.
   */
  async verifyForAction(userId: string, proof: TwoFactorProof, ip: string | undefined): Promise<void> {
    const { code, recoveryCode } = proof;
    if (!code && !recoveryCode) {
      throw new AppException(
        ErrorCode.ValidationFailed,
        'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
      );
    }
    const row = await this.row(userId);
    if (!row?.enabled_at) throw notEnabled();
    await this.checked(userId, ip, () =>
      code ? this.acceptsCode(userId, row, code) : this.acceptsRecoveryCode(userId, recoveryCode ?? ''),
    );
  }

  /** Runs one check under the throttle; its refusal is thrown as the check's message. */
  private async checked(
    userId: string,
    ip: string | undefined,
    check: () => Promise<AppException | undefined>,
  ): Promise<void> {
    const attempt = await this.throttle.begin(userId, ip);
    if (attempt.delayMs > 0) await sleep(attempt.delayMs);
    let refusal: AppException | undefined;
    try {
      refusal = await check();
    } catch (error) {
      await attempt.abandoned();
      throw error;
    }
    if (refusal) {
      await attempt.failed();
      throw refusal;
    }
    await attempt.succeeded();
  }

  /** Undefined when the code is taken (its step is then spent); else why not. */
  private async acceptsCode(
    userId: string,
    row: TwoFactorRow,
    code: string,
  ): Promise<AppException | undefined> {
    const step = totpStepOf(this.box.open(row.secret_ciphertext, userId), code);
    if (step === undefined) return wrongCode();
    // One conditional update: two requests with the same code cannot both take it.
    const spent = await new TwoFactorRepository(this.em).spendStep(userId, row.secret_ciphertext, step);
    return spent
      ? undefined
      : wrongCode('This code was used already. Wait for the next code from your authenticator app.');
  }

  private async acceptsRecoveryCode(userId: string, code: string): Promise<AppException | undefined> {
    const used = await new TwoFactorRepository(this.em).useRecoveryCode(userId, hashRecoveryCode(code));
    return used ? undefined : wrongCode('That recovery code is not right, or was used already.');
  }

  private async replaceRecoveryCodes(tx: EntityManager, userId: string, codes: string[]): Promise<void> {
    await new TwoFactorRepository(tx).replaceRecoveryCodes(userId, codes.map(hashRecoveryCode));
  }

  private row(userId: string): Promise<TwoFactorRow | undefined> {
    return new TwoFactorRepository(this.em).ofUser(userId);
  }
}
