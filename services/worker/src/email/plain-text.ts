/** Line breaks of every kind: CR, LF, NEL, and Unicode's line and paragraph separators. */
const LINE_BREAKS = /\r\n|[\r\n\u0085\u2028\u2029]/g;
/** Control characters (Cc) and invisible format characters (Cf: zero-width, bidi overrides, soft hyphen). */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
/** Dots that mail clients and IDNA read as a domain's dots (NFKC has already folded the full-width one). */
const DOTS = /[.\u3002\uff0e]/gu;

/**
 * User-supplied text made safe to put in the body of a plain-text email: a first name,
 * a contact message. It stays readable but never becomes a link or a forged line of our own:
 * - NFKC first, so full-width look-alikes ("ｅｖｉｌ．ｅｘａｍｐｌｅ") become the ASCII they imitate;
 * - control and invisible characters removed; line breaks become a space (`multiline`: a newline);
 * - what a mail client would link is broken the way security teams "defang" indicators: a dot or an
 *   `@` between two non-spaces is bracketed (`evil[.]example`, `ada[at]evil[.]example`) and `://`
 *   becomes `[:]//`. Without a dotted host, a scheme or an address, no client autolinks the text;
 *   "J. Smith" keeps its dot (a space follows it).
 * The subject and headers of our emails never carry user text at all.
 */
export function plainText(value: string, options: { multiline?: boolean; maxLength?: number } = {}): string {
  let text = value.normalize('NFKC').replace(LINE_BREAKS, options.multiline ? '\n' : ' ');
  text = text.replace(/\t/g, ' ');
  text = text.replace(INVISIBLE, (character) => (options.multiline && character === '\n' ? character : ''));
  text = options.multiline
    ? text
        .split('\n')
        .map((line) => line.replace(/ {2,}/g, ' ').trimEnd())
        .join('\n')
        .trim()
    : text.replace(/ {2,}/g, ' ').trim();
  text = text
    .replace(/:\/\//g, '[:]//')
    .replace(/(?<=\S)@(?=\S)/g, '[at]')
    .replace(new RegExp(`(?<=\\S)${DOTS.source}(?=\\S)`, 'gu'), '[.]')
    // "www." is linked by some clients whatever follows it, the end of the text included.
    .replace(new RegExp(`(?<=www)${DOTS.source}`, 'giu'), '[.]');
  if (options.maxLength !== undefined && [...text].length > options.maxLength) {
    text = `${[...text].slice(0, options.maxLength - 1).join('')}…`;
  }
  return text;
}
