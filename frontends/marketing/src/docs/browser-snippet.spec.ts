import { browserSnippet } from './browser-snippet';

describe('the browser snippet', () => {
  it('fetches the latest USD to EUR rate with a publishable key in the X-API-Key header', () => {
    expect(browserSnippet('https://fx.example/api/v1', 'fxrates_')).toBe(
      [
        "const response = await fetch('https://fx.example/api/v1/rates/latest?base=USD&symbols=EUR', {",
        "  headers: { 'X-API-Key': 'fxrates_pk_…' },",
        '});',
        'const { rates } = await response.json();',
      ].join('\n'),
    );
  });

  it("follows the deployment's key prefix", () => {
    expect(browserSnippet('https://fx.example/api/v1', 'acme_')).toContain("'X-API-Key': 'acme_pk_…'");
  });
});
