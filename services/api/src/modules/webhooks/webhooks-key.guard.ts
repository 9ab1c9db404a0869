import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import { ErrorCode } from '@fxrates/domain';
import type { FastifyRequest } from 'fastify';
import { AppException } from '../../common/errors';
import { ApiKeyResolver, assertKeyAdmits, KEY_REFUSALS, presentedKey, SEND_YOUR_KEY } from '../keys';

/** The scope every /api/v1/webhooks route needs (route-scopes: a key without it is 403 `scope-not-allowed`). */
export const WEBHOOKS_SCOPE = 'webhooks' as const;

/** What a key can be refused for on /api/v1/webhooks, before the route's own checks. */
export const WEBHOOK_KEY_PROBLEMS = KEY_REFUSALS;

const OWNER = Symbol('webhooks key owner');

type KeyedRequest = FastifyRequest & { [OWNER]?: string };

/**
 * Admits /api/v1/webhooks calls made with an API key (X-API-Key, or `Authorization: Bearer <key>`)
 * whose scopes include `webhooks`, under every restriction of the key (expiry, networks, origins).
 * Management calls are not metered.
 */
@Injectable()
export class WebhooksKeyGuard implements CanActivate {
  constructor(private readonly keys: ApiKeyResolver) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<KeyedRequest>();
    const key = await this.keys.resolve(keyOf(request), request.raw.socket);
    assertKeyAdmits(key, WEBHOOKS_SCOPE, Date.now(), {
      clientAddress: () => request.ip,
      headers: { origin: request.headers.origin },
    });
    request[OWNER] = key.userId;
    return true;
  }
}

function keyOf(request: FastifyRequest): string {
  const key = presentedKey(request.headers);
  if (key) return key;
  throw new AppException(ErrorCode.MissingApiKey, SEND_YOUR_KEY);
}

/** The id of the account whose key WebhooksKeyGuard admitted. */
export const KeyOwner = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const owner = context.switchToHttp().getRequest<KeyedRequest>()[OWNER];
  if (!owner) throw new Error('KeyOwner without WebhooksKeyGuard');
  return owner;
});
