import { Injectable } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { AccessTokensService } from '../auth/access-tokens.service';
import { SessionsService } from '../auth/sessions.service';

function bearerToken(authorization: string): string {
  const [scheme, token] = authorization.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : '';
}

/**
 * Who may use the web product's converter routes: a signed-in user's Bearer token, or else the
 * anonymous session token. Throws the problem of a refusal; resolves synchronously when it can,
 * since the converter is a hot path.
 */
@Injectable()
export class ConverterAccess {
  constructor(
    private readonly sessions: SessionsService,
    private readonly accessTokens: AccessTokensService,
  ) {}

  admit(headers: IncomingHttpHeaders): void | Promise<void> {
    if (headers.authorization !== undefined) {
      this.accessTokens.verify(bearerToken(headers.authorization));
      return;
    }
    const token = headers['x-session-token'];
    const pending = this.sessions.verify(Array.isArray(token) ? token[0] : token);
    return pending ? pending.then(() => undefined) : undefined;
  }
}
