import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it by default: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** A code of the step before or after the server's is taken too: clocks and typing take time. */
const WINDOW_STEPS = 1;
export const TOTP_ISSUER = 'FXRates Pro';

/** A code as typed: six digits, spaces allowed (apps show `123 456`). */
export const TOTP_CODE_PATTERN = /^\s*\d{3}\s?\d{3}\s*$/;

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret (RFC 4226's recommended length), base32 as apps take it typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` URI of the QR code: issuer FXRates Pro, labelled with the address. */
export function totpUri(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

/**
 * The time step a code belongs to, if it is the code of the current step or of one next to it;
 * else undefined. The step is what makes a code single use (TwoFactorService keeps the last one).
 */
export function totpStepOf(secretBase32: string, code: string, now = Date.now()): number | undefined {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token, timestamp: now, window: WINDOW_STEPS });
  return delta === null ? undefined : totp.counter({ timestamp: now }) + delta;
}
