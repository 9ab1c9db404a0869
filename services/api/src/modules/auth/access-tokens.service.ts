import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ACCESS_TOKEN_TTL_SECONDS, ErrorCode } from '@fxrates/domain';
import { AppException } from '../../common/errors';
import {
  ACCESS_TOKEN_TYPE,
  sessionIdOfAccessToken,
  userIdOfAccessToken,
  type DecodedAccessToken,
} from './access-token-claims';

export const ACCESS_TOKEN = {
  algorithm: 'HS256',
  issuer: 'fxrates-pro',
  audience: 'fxrates-api',
  type: ACCESS_TOKEN_TYPE,
} as const;

export interface AccessTokenClaims {
  sub: string;
  /** The session (AccountSession) the token was issued for: signing it out refuses the token. */
  sid: string;
}

/** Signs and checks the 15-minute access tokens: HS256 only, with issuer, audience and type. */
@Injectable()
export class AccessTokensService {
  private readonly jwt: JwtService;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.jwt = new JwtService({ secret: config.auth.jwtSecret });
  }

  /**
   * `sessionId`: the signed-in session (its `sid`), which dashboard calls check is still signed in.
   * `authenticatedAt`: when the sign-in last proved its password or second factor, as `auth_time`
   * (OpenID Connect's claim), which routes asking for a fresh sign-in read (RecentSignInGuard).
   */
  sign(userId: string, sessionId: string, authenticatedAt = new Date()): string {
    return this.jwt.sign(
      { sid: sessionId, auth_time: Math.floor(authenticatedAt.getTime() / 1000) },
      {
        subject: userId,
        algorithm: ACCESS_TOKEN.algorithm,
        issuer: ACCESS_TOKEN.issuer,
        audience: ACCESS_TOKEN.audience,
        expiresIn: ACCESS_TOKEN_TTL_SECONDS,
        header: { alg: ACCESS_TOKEN.algorithm, typ: ACCESS_TOKEN.type },
      },
    );
  }

  /** Returns the user id of a valid token; throws 401 `unauthorized` for anything else. */
  verify(token: string): string {
    let decoded: DecodedAccessToken;
    try {
      decoded = this.jwt.verify(token, {
        algorithms: [ACCESS_TOKEN.algorithm],
        issuer: ACCESS_TOKEN.issuer,
        audience: ACCESS_TOKEN.audience,
        complete: true,
      });
    } catch (error) {
      const expired = error instanceof Error && error.name === 'TokenExpiredError';
      throw unauthorized(expired ? 'Your sign-in has expired. Refresh it or sign in again.' : undefined);
    }
    const userId = userIdOfAccessToken(decoded);
    if (userId === undefined || sessionIdOfAccessToken(decoded) === undefined) throw unauthorized();
    return userId;
  }
}

export function unauthorized(
  message = 'Sign in to continue: the access token is missing or invalid.',
): AppException {
  return new AppException(ErrorCode.Unauthorized, message, undefined, { 'WWW-Authenticate': 'Bearer' });
}
