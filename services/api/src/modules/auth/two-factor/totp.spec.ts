import { Secret, TOTP } from 'otpauth';
import { hashRecoveryCode, newRecoveryCode, normaliseRecoveryCode } from './recovery-codes';
import { newTotpSecret, totpStepOf, totpUri } from './totp';

/** RFC 6238 Appendix B's SHA-1 key ("12345678901234567890"), base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const STEP_MS = 30_000;

describe('TOTP codes', () => {
  it("takes RFC 6238's test vector (59 s: 287082, step 1) and the steps either side, nothing further", () => {
    expect(totpStepOf(RFC_SECRET, '287082', 59_000)).toBe(1);
    expect(totpStepOf(RFC_SECRET, '287 082', 59_000)).toBe(1);
    const codeAt = (step: number) =>
      new TOTP({ secret: Secret.fromBase32(RFC_SECRET) }).generate({ timestamp: step * STEP_MS });
    const now = 100 * STEP_MS + 1_000;
    expect([99, 100, 101].map((step) => totpStepOf(RFC_SECRET, codeAt(step), now))).toEqual([99, 100, 101]);
    expect(totpStepOf(RFC_SECRET, codeAt(98), now)).toBeUndefined();
    expect(totpStepOf(RFC_SECRET, codeAt(102), now)).toBeUndefined();
    expect(totpStepOf(RFC_SECRET, '12345', now)).toBeUndefined();
    expect(totpStepOf(RFC_SECRET, 'abcdef', now)).toBeUndefined();
  });

  it('makes 160-bit secrets and an otpauth URI with the issuer and the address', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(totpUri(secret, 'ada@example.com')).toBe(
      `otpauth://totp/FXRates%20Pro:ada%40example.com?issuer=FXRates%20Pro&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
  });
});

describe('recovery codes', () => {
  it('are ten characters of an unambiguous alphabet, hashed as typed in any case or spacing', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(normaliseRecoveryCode(` ${code.toUpperCase().replace('-', ' ')} `)).toBe(code.replace('-', ''));
    expect(hashRecoveryCode(code.toUpperCase())).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(code)).toMatch(/^[0-9a-f]{64}$/);
  });
});
