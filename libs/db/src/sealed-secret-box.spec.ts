import { FixingKeyBox } from './fixing-key-box';
import { SealedSecretBox } from './sealed-secret-box';
import { WebhookSecretBox } from './webhook-secret';

const SERVER_SECRET = 's'.repeat(40);

/**
 * Values sealed under SERVER_SECRET by the boxes as they were before they shared SealedSecretBox: every
 * deployment holds webhook secrets and fixing signing keys sealed like them, and they must still open.
 */
const WEBHOOK_SECRET = 'whsec_c3RvcmVkIGJlZm9yZSB0aGUgc2hhcmVkIGJveA==';
const WEBHOOK_SECRET_SEALED_FOR_ENDPOINT_A =
  'v1.pGxkyXEgZdPyZFn9.biBehu1ZjgYmCDpxONa--w.4qhZpUfW-VXUVHWH-pq4bl_KSbHJKgQpyiLzpZi3iGfOCizhUv5eOmcDMWTpDg';
const FIXING_KEY = '{"kty":"OKP","crv":"Ed25519","d":"x","x":"y"}';
const FIXING_KEY_SEALED_FOR_KID_A =
  'v1.RavHMvWYjWPQGJgc.8zS_AYUkLlI8mBiVom6lYQ.qRstc7utD3kiHiq7DzDTaUtrd9810m2lu46Wp0Dw5ivGz1EMrG5Vd6YDOoXn';

describe('SealedSecretBox', () => {
  const box = new SealedSecretBox(SERVER_SECRET, { hkdfInfo: 'test purpose v1', sealedWhat: 'test secret' });
  const secret = 'a secret worth keeping';

  it('opens what it sealed for the same owner, and shows nothing of it sealed', () => {
    const sealed = box.seal(secret, 'owner-a');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(box.open(sealed, 'owner-a')).toBe(secret);
    // A random IV each time: the same secret never seals alike.
    expect(box.seal(secret, 'owner-a')).not.toBe(sealed);
  });

  it("refuses another owner's row, another server secret, another purpose and a changed ciphertext", () => {
    const sealed = box.seal(secret, 'owner-a');
    expect(() => box.open(sealed, 'owner-b')).toThrow();
    const purpose = { hkdfInfo: 'test purpose v1', sealedWhat: 'test secret' };
    expect(() => new SealedSecretBox('t'.repeat(40), purpose).open(sealed, 'owner-a')).toThrow();
    expect(() =>
      new SealedSecretBox(SERVER_SECRET, { ...purpose, hkdfInfo: 'other purpose v1' }).open(
        sealed,
        'owner-a',
      ),
    ).toThrow();
    const [version, iv, tag, ciphertext] = sealed.split('.');
    const flipped = `${ciphertext[0] === 'A' ? 'B' : 'A'}${ciphertext.slice(1)}`;
    expect(() => box.open([version, iv, tag, flipped].join('.'), 'owner-a')).toThrow();
    expect(() => box.open('not sealed', 'owner-a')).toThrow('Not a sealed test secret');
  });

  it('opens webhook secrets and fixing signing keys sealed before the boxes were shared', () => {
    const webhooks = new WebhookSecretBox(SERVER_SECRET);
    expect(webhooks.open(WEBHOOK_SECRET_SEALED_FOR_ENDPOINT_A, 'endpoint-a')).toBe(WEBHOOK_SECRET);
    expect(() => webhooks.open('not sealed', 'endpoint-a')).toThrow('Not a sealed webhook secret');
    const fixings = new FixingKeyBox(SERVER_SECRET);
    expect(fixings.open(FIXING_KEY_SEALED_FOR_KID_A, 'kid-a')).toBe(FIXING_KEY);
    expect(() => fixings.open('not sealed', 'kid-a')).toThrow('Not a sealed fixing signing key');
    // Each purpose its own key: a webhook box opens no fixing key, and the other way round.
    expect(() => webhooks.open(FIXING_KEY_SEALED_FOR_KID_A, 'kid-a')).toThrow();
    expect(() => fixings.open(WEBHOOK_SECRET_SEALED_FOR_ENDPOINT_A, 'endpoint-a')).toThrow();
  });
});
