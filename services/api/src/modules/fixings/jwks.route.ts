import { Type } from '@sinclair/typebox';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ErrorCode } from '@fxrates/domain';
import { DirectRoutes, type DirectRequest, type HttpAnswer } from '../../common/http';
import { onlyParameters } from '../../common/input';
import { compileWriter, StringEnum, type DocumentedRoute } from '../../common/openapi';
import { Fixings } from './fixings.service';

/** Where the fixings' public signing keys are published (RFC 8615's well-known location). */
export const JWKS_PATH = '/.well-known/jwks.json';

export const FIXINGS_TAG = 'fixings';
/**
 * Short: a rotated-in key reaches verifiers within a minute (a verifier that meets an unknown kid
 * fetches the set again), and a retired key is never removed.
 */
const JWKS_CACHE_CONTROL = 'public, max-age=60';

const Jwks = Type.Object(
  {
    keys: Type.Array(
      Type.Object(
        {
          kty: StringEnum(['OKP'] as const),
          crv: StringEnum(['Ed25519'] as const),
          x: Type.String({ description: 'The public key, base64url' }),
          kid: Type.String({ description: 'Its RFC 7638 thumbprint, as `kid` in a fixing’s JWS header' }),
          alg: StringEnum(['EdDSA'] as const),
          use: StringEnum(['sig'] as const),
        },
        { additionalProperties: false },
      ),
      { description: 'Every key that signed fixings, the retired ones included' },
    ),
  },
  { $id: 'FixingJwks', additionalProperties: false },
);
const jwksWriter = compileWriter(Jwks);

export const JWKS_ROUTE: DocumentedRoute = {
  path: JWKS_PATH,
  schema: {
    operationId: 'getFixingKeys',
    tag: FIXINGS_TAG,
    summary: 'The public keys that sign FXRates fixings (JWKS; public, not metered)',
    description:
      'A JSON Web Key Set (RFC 7517) of Ed25519 keys (RFC 8037). Each fixing names its key by `kid`; a rotated key stays here, so every fixing ever signed can be verified offline.',
    security: [],
    query: Type.Object({}),
    ok: { description: 'OK; not metered', body: Jwks, headers: ['Cache-Control'] },
    problems: [ErrorCode.ServiceUnavailable],
  },
};

/** GET /.well-known/jwks.json, served by the API's pods (not the public API's own). */
@Injectable()
export class JwksRoute implements OnModuleInit {
  constructor(
    private readonly direct: DirectRoutes,
    private readonly fixings: Fixings,
  ) {}

  onModuleInit(): void {
    this.direct.get(JWKS_PATH, (request) => this.answer(request));
  }

  private async answer(request: DirectRequest): Promise<HttpAnswer> {
    onlyParameters(request.query, []);
    const keys = await this.fixings.publishedKeys();
    return {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': JWKS_CACHE_CONTROL },
      body: jwksWriter.write({ keys }),
    };
  }
}
