import { PUBLIC_API_BASE_PATH } from '@fxrates/domain';
import { KEY_VARIABLE } from './code-snippets';

/** The fixing the examples verify (the endpoint reference's example id). */
export const EXAMPLE_FIXING_ID = 'fix_ECB_20240315';

/** Where the fixing keys are published: at the API's origin (RFC 8615), beside /api/v1. */
export function jwksUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  const origin = trimmed.endsWith(PUBLIC_API_BASE_PATH)
    ? trimmed.slice(0, -PUBLIC_API_BASE_PATH.length)
    : trimmed;
  return `${origin}/.well-known/jwks.json`;
}

/** Verification with @fxrates/sdk: online through the client, then offline with a kept JWKS. */
export function sdkVerificationSnippet(baseUrl: string, keyPrefix: string): string {
  const origin = jwksUrl(baseUrl).replace(/\/\.well-known\/jwks\.json$/, '');
  return [
    `import { createFxRatesClient, verifyFixing } from '@fxrates/sdk';`,
    '',
    'const fx = createFxRatesClient({',
    `  apiKey: process.env.${KEY_VARIABLE}, // ${keyPrefix}…`,
    `  baseUrl: '${origin}',`,
    '});',
    '',
    '// The fixing, and the keys (fetched once, kept by the client), verified with WebCrypto.',
    `const { data: fixing, verification } = await fx.verifiedFixing('${EXAMPLE_FIXING_ID}');`,
    "console.log(verification); // { valid: true, kid: '…' }",
    '',
    '// Years later, offline: keep the JWKS beside the fixing.',
    'const jwks = await fx.jwks();',
    'const result = await verifyFixing(fixing, jwks);',
    '// reason: bad-signature (the document changed), unknown-kid, malformed-jws, …',
    'if (!result.valid) throw new Error(`${result.reason}: ${result.detail}`);',
  ].join('\n');
}

/**
 * Verification with any JOSE library, here `jose` and `canonicalize` (npm): the payload is put back
 * between the detached JWS's two dots, and the compact JWS verified against the JWKS. It throws on a
 * document changed after signing.
 */
export function joseVerificationSnippet(baseUrl: string, keyPrefix: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return [
    `import canonicalize from 'canonicalize';`,
    `import { compactVerify, createLocalJWKSet } from 'jose';`,
    '',
    `const headers = { 'X-API-Key': process.env.${KEY_VARIABLE} }; // ${keyPrefix}…`,
    `const fixing = await (await fetch('${base}/fixings/${EXAMPLE_FIXING_ID}', { headers })).json();`,
    `const jwks = await (await fetch('${jwksUrl(baseUrl)}')).json();`,
    '',
    '// The signed payload: the RFC 8785 canonical JSON of the fixing without its signature.',
    'const { signature, ...document } = fixing;',
    "const payload = Buffer.from(canonicalize(document)).toString('base64url');",
    "const [header, , signed] = signature.jws.split('.');",
    '// Throws JWSSignatureVerificationFailed when a single character of the document changed.',
    'const { protectedHeader } = await compactVerify(`${header}.${payload}.${signed}`, createLocalJWKSet(jwks), {',
    "  algorithms: ['EdDSA'],",
    '});',
    "console.log('valid, signed by key', protectedHeader.kid);",
  ].join('\n');
}
