import { EXAMPLE_ANSWERS } from './example-answers';
import {
  EXAMPLE_FIXING_ID,
  joseVerificationSnippet,
  jwksUrl,
  sdkVerificationSnippet,
} from './fixing-snippets';
import { PUBLIC_ENDPOINTS } from './public-endpoints';

describe('the Fixings section of /docs', () => {
  it('finds the keys at the origin of the API, beside /api/v1', () => {
    expect(jwksUrl('https://fx.example/api/v1')).toBe('https://fx.example/.well-known/jwks.json');
    expect(jwksUrl('https://fx.example/api/v1/')).toBe('https://fx.example/.well-known/jwks.json');
  });

  it('verifies with the SDK the fixing the endpoint reference shows', () => {
    const fixing = PUBLIC_ENDPOINTS.find((endpoint) => endpoint.id === 'fixing')!;
    expect(fixing.parameters[0].example).toBe(EXAMPLE_FIXING_ID);
    expect((EXAMPLE_ANSWERS.fixing.body as { id: string }).id).toBe(EXAMPLE_FIXING_ID);
    const code = sdkVerificationSnippet('https://fx.example/api/v1', 'fxrates_');
    expect(code).toContain(`import { createFxRatesClient, verifyFixing } from '@fxrates/sdk';`);
    expect(code).toContain(`baseUrl: 'https://fx.example',`);
    expect(code).toContain(`await fx.verifiedFixing('${EXAMPLE_FIXING_ID}');`);
    expect(code).toContain('const result = await verifyFixing(fixing, jwks);');
  });

  it('verifies with jose: the canonical payload put back between the two dots, EdDSA only', () => {
    const code = joseVerificationSnippet('https://fx.example/api/v1', 'fxrates_');
    expect(code).toContain(`fetch('https://fx.example/api/v1/fixings/${EXAMPLE_FIXING_ID}', { headers })`);
    expect(code).toContain(`fetch('https://fx.example/.well-known/jwks.json')`);
    expect(code).toContain('canonicalize(document)');
    expect(code).toContain('compactVerify(`${header}.${payload}.${signed}`, createLocalJWKSet(jwks), {');
    expect(code).toContain("algorithms: ['EdDSA'],");
  });
});
