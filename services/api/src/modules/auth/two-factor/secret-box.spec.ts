import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox('s'.repeat(40));
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  it('opens what it sealed for the same user, and shows nothing of it sealed', () => {
    const sealed = box.seal(secret, 'user-a');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(box.open(sealed, 'user-a')).toBe(secret);
    // A random IV each time: the same secret never seals alike.
    expect(box.seal(secret, 'user-a')).not.toBe(sealed);
  });

  it("refuses another user's row, another key and a changed ciphertext", () => {
    const sealed = box.seal(secret, 'user-a');
    expect(() => box.open(sealed, 'user-b')).toThrow();
    expect(() => new SecretBox('t'.repeat(40)).open(sealed, 'user-a')).toThrow();
    const [version, iv, tag, ciphertext] = sealed.split('.');
    const flipped = `${ciphertext[0] === 'A' ? 'B' : 'A'}${ciphertext.slice(1)}`;
    expect(() => box.open([version, iv, tag, flipped].join('.'), 'user-a')).toThrow();
    expect(() => box.open('not sealed', 'user-a')).toThrow('Not a sealed authenticator secret');
  });
});
