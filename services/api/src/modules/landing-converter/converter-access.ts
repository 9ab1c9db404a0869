import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, clientAddressKey } from '@fxrates/config';
import type { Redis } from 'ioredis';
import type { Socket } from 'node:net';
import { clientIp, type DirectRequest } from '../../common/http';
import { AccessTokensService } from '../auth';
import { SessionsService } from '../auth';
import { REDIS } from '../redis';
import { ConverterLimits } from './converter-limits';

function bearerToken(authorization: string): string {
  const [scheme, token] = authorization.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : '';
}

/**
 * Who may use the web product's converter routes, and how often: a signed-in user's Bearer token, or
 * else the anonymous session token; then the caller's and the IP's per-minute limits
 * (ConverterLimits). A signed-in user gets a higher limit than an anonymous session: an account is
 * accountable and sign-ups are throttled, while sessions are free to make. Both count against their
 * IP. Credentials refused are thrown at once; since the converter is a hot path, the rest is
 * answered through callbacks.
 */
@Injectable()
export class ConverterAccess {
  private readonly limits: ConverterLimits;
  private readonly trustProxy: boolean;

  constructor(
    private readonly sessions: SessionsService,
    private readonly accessTokens: AccessTokensService,
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limits = new ConverterLimits(redis, config);
    this.trustProxy = config.api.trustProxy;
  }

  /** Calls `proceed` once the call is admitted, or `refuse` with the problem (a 401 may be thrown). */
  admit(request: DirectRequest, proceed: () => void, refuse: (error: unknown) => void): void {
    const { headers } = request;
    // Both serving paths hand over the client's socket as the connection.
    const peer = (request.connection as Partial<Socket>).remoteAddress;
    const address = clientAddressKey(clientIp(headers, peer, this.trustProxy));
    if (headers.authorization !== undefined) {
      const userId = this.accessTokens.verify(bearerToken(headers.authorization));
      this.limits.count('user', userId, address, proceed, refuse);
      return;
    }
    const token = headers['x-session-token'];
    const session = this.sessions.verify(Array.isArray(token) ? token[0] : token);
    if (typeof session === 'string') this.limits.count('session', session, address, proceed, refuse);
    else session.then((hash) => this.limits.count('session', hash, address, proceed, refuse), refuse);
  }
}
