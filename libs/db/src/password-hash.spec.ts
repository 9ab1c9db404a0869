import { hashPassword, verifyPassword } from './password-hash';

/**
 * Hashes stored before argon2 0.45, which writes the costs as `m=…,p=…,t=…`: 0.44 wrote them as
 * `m=…,t=…,p=…`. This one is "correct horse" at our costs, made by argon2 0.44.0: every account made before
 * the upgrade holds one like it, and must still sign in.
 */
const STORED_BY_ARGON2_0_44 =
  '$argon2id$v=19$m=19456,t=2,p=1$Je9mrMCLbwAjsbKnE+e8Jg$XF5AGNaH0hBoK4lixqU9zi4YQv26DY7dSlyvtnd29xI';

describe('passwords', () => {
  it('verifies a hash stored by argon2 0.44, and refuses another password against it', async () => {
    await expect(verifyPassword(STORED_BY_ARGON2_0_44, 'correct horse')).resolves.toBe(true);
    await expect(verifyPassword(STORED_BY_ARGON2_0_44, 'correct horsf')).resolves.toBe(false);
  });

  it('hashes with argon2id at 19 MiB, 2 passes, 1 lane, and verifies its own hash', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    await expect(verifyPassword(hash, 'correct horse')).resolves.toBe(true);
  });
});
