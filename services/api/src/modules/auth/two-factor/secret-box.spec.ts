import { SecretBox } from './secret-box';

/**
 * An authenticator secret sealed under 's' × 40 for user-a by SecretBox before it shared
 * SealedSecretBox: every account with two-factor holds one like it, and must still sign in.
 */
const SEALED_BEFORE_SHARING =
  'v1.Ze3UXum6EsaMGCrx.U5jdxeBerczS2yN5E1Ttcg.DldcR2o3RufbfX8lIYwQoL7iRPRam9omHMeefCZtAV0';

/** How sealing works (IVs, owners, tampering) is proven by libs/db's sealed-secret-box.spec.ts. */
describe('SecretBox', () => {
  const box = new SecretBox('s'.repeat(40));
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  it('opens a secret sealed before it shared SealedSecretBox, and what it seals now', () => {
    expect(box.open(SEALED_BEFORE_SHARING, 'user-a')).toBe(secret);
    expect(box.open(box.seal(secret, 'user-a'), 'user-a')).toBe(secret);
    expect(() => box.open(SEALED_BEFORE_SHARING, 'user-b')).toThrow();
    expect(() => box.open('not sealed', 'user-a')).toThrow('Not a sealed authenticator secret');
  });
});
