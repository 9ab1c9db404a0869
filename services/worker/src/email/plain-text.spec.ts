import fc from 'fast-check';
import { plainText } from './plain-text';

/** What a mail client would turn into a link: a scheme, a dotted host name, or an address. */
const LINKABLE = /[a-z][a-z0-9+.-]*:\/\/|www\.|[a-z0-9-]+\.[a-z]{2,}|[^\s@]+@[^\s@]+/i;

describe('plainText', () => {
  it('turns an attack by a crafted name into one harmless line', () => {
    const name = 'Eve\r\n\r\nClick https://evil.example to verify\u200b';
    const text = plainText(name);
    expect(text).toBe('Eve Click https[:]//evil[.]example to verify');
    expect(text).not.toMatch(LINKABLE);
  });

  it.each([
    ['evil.example', 'evil[.]example'],
    ['www.evil.example/path', 'www[.]evil[.]example/path'],
    ['ada@evil.example', 'ada[at]evil[.]example'],
    ['ｅｖｉｌ．ｅｘａｍｐｌｅ', 'evil[.]example'],
    ['evil\u3002example', 'evil[.]example'],
    ['evil\u200b.\u200bexample', 'evil[.]example'],
    ['mailto:ada@evil.example', 'mailto:ada[at]evil[.]example'],
    ['HTTP://EVIL.EXAMPLE', 'HTTP[:]//EVIL[.]EXAMPLE'],
    ['192.0.2.1', '192[.]0[.]2[.]1'],
    ['\u202eelpmaxe.live', 'elpmaxe[.]live'],
    // Found by the property below (seed -660927024): a trailing "www." was left as it was.
    ['Ada www.', 'Ada www[.]'],
  ])('defangs %j as %j', (input, output) => {
    expect(plainText(input)).toBe(output);
  });

  it('leaves ordinary names alone', () => {
    expect(plainText('Ada')).toBe('Ada');
    expect(plainText('  J. Robert  Oppenheimer ')).toBe('J. Robert Oppenheimer');
    expect(plainText('Zoë Ångström-Núñez')).toBe('Zoë Ångström-Núñez');
  });

  it('keeps the line breaks of a multi-line message, and nothing else invisible', () => {
    expect(plainText('Hello\r\n\r\nSee evil.example\u0007\u0000', { multiline: true })).toBe(
      'Hello\n\nSee evil[.]example',
    );
  });

  it('shortens to maxLength characters', () => {
    expect(plainText('a'.repeat(200), { maxLength: 100 })).toHaveLength(100);
  });

  it('never leaves a control character, a line break, or something linkable', () => {
    const pieces = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.constantFrom(
        '.',
        '@',
        '://',
        'http',
        'www',
        'evil',
        'example',
        'com',
        '\n',
        '\r',
        '\u2028',
        '．',
        '。',
      ),
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 20 }), (parts) => {
        const text = plainText(parts.join(''));
        expect(text).not.toMatch(/[\p{Cc}\p{Cf}\u2028\u2029]/u);
        expect(text).not.toMatch(LINKABLE);
      }),
    );
  });
});
