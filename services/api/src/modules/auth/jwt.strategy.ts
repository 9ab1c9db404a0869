import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ACCESS_TOKEN, unauthorized } from './access-tokens.service';

/** Who a Bearer token says the caller is. */
export interface AuthenticatedUser {
  userId: string;
}

interface DecodedAccessToken {
  header: { typ?: string };
  payload: { sub?: unknown };
}

/** Passport's JWT strategy with the same allow-list as AccessTokensService, plus the `typ` check. */
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
    if (decoded.header.typ !== ACCESS_TOKEN.type || typeof decoded.payload.sub !== 'string') {
      throw unauthorized();
    }
    return { userId: decoded.payload.sub };
  }
}
