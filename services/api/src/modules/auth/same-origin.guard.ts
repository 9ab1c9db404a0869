import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ErrorCode } from '@fxrates/domain';
import type { FastifyRequest } from 'fastify';
import { AppException } from '../../common/errors';

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Whether a request that acts on the refresh cookie may come from where it came from: a page of an
 * allowed origin (CORS_ORIGINS) or of the API's own, as the browser tells by `Origin` and
 * `Sec-Fetch-Site`; no other page, another port of the same host included.
 *
 * The cookie is SameSite=Strict, which stops other sites but not another origin of the same site
 * (http://localhost:5000 is same-site to http://localhost:3000): without this check any page on
 * another port could sign a user out, or rotate their refresh token. A request carrying neither
 * header is not a browser's (every current browser sends Origin on a cross-origin POST) and carries no
 * cookie a browser holds for the user, so it is let through: curl and servers keep working.
 */
export function crossOriginRefusal(
  request: FastifyRequest,
  allowedOrigins: ReadonlySet<string>,
): AppException | undefined {
  const origin = header(request, 'origin');
  const site = header(request, 'sec-fetch-site');
  if (origin !== undefined && allowedOrigins.has(origin)) return undefined;
  if (origin !== undefined && origin === `${request.protocol}://${request.headers.host}`) return undefined;
  if (site === 'same-origin' || site === 'none') return undefined;
  if (origin === undefined && site === undefined) return undefined;
  return new AppException(
    ErrorCode.OriginNotAllowed,
    'This is only taken from our own pages (sign-in, sign-out, deleting the account); this request came from a page of another origin.',
  );
}

/** Refuses a cross-origin request with 403 `origin-not-allowed` (crossOriginRefusal). */
@Injectable()
export class SameOriginGuard implements CanActivate {
  private readonly allowed: ReadonlySet<string>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.allowed = new Set(config.api.corsOrigins);
  }

  canActivate(context: ExecutionContext): boolean {
    const refusal = crossOriginRefusal(context.switchToHttp().getRequest<FastifyRequest>(), this.allowed);
    if (refusal) throw refusal;
    return true;
  }
}
