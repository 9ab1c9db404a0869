/** The kind a key's prefix adds for a publishable key: "fxrates_" becomes "fxrates_pk_". */
export const PUBLISHABLE_KEY_MARK = 'pk_';

/**
 * A web page's call of the latest rates with a publishable key, as the docs show it: plain fetch,
 * nothing to install. `baseUrl` is the public API's base, e.g. "https://x.example/api/v1".
 */
export function browserSnippet(baseUrl: string, keyPrefix: string): string {
  return [
    `const response = await fetch('${baseUrl}/rates/latest?base=USD&symbols=EUR', {`,
    `  headers: { 'X-API-Key': '${keyPrefix}${PUBLISHABLE_KEY_MARK}…' },`,
    '});',
    'const { rates } = await response.json();',
  ].join('\n');
}
