import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ExtractJwt, Strategy } from 'passport-jwt';
import {
  authTimeOfAccessToken,
  sessionIdOfAccessToken,
  userIdOfAccessToken,
  type DecodedAccessToken,
} from './access-token-claims';
import { ACCESS_TOKEN, unauthorized } from './access-tokens.service';

/** Who a Bearer token says the caller is. */
export interface AuthenticatedUser {
  userId: string;
  /** The signed-in session the token belongs to (AccountSession). */
  sessionId: string;
  /** `auth_time` of the token (seconds): when its sign-in last proved the password or second factor. */
  authTime?: number;
}

/** Passport's JWT strategy with the same allow-list and claim checks as AccessTokensService. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.auth.jwtSecret,
      algorithms: [ACCESS_TOKEN.algorithm],
      issuer: ACCESS_TOKEN.issuer,
      audience: ACCESS_TOKEN.audience,
      jsonWebTokenOptions: { complete: true },
    });
  }

  validate(decoded: DecodedAccessToken): AuthenticatedUser {
    const userId = userIdOfAccessToken(decoded);
    const sessionId = sessionIdOfAccessToken(decoded);
    if (userId === undefined || sessionId === undefined) throw unauthorized();
    return { userId, sessionId, authTime: authTimeOfAccessToken(decoded) };
  }
}
