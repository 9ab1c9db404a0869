import { RecentSignInGuard } from './recent-sign-in.guard';
import { ReauthenticationService } from './reauthentication.service';
import { SignInChallenges } from './sign-in-challenges';
import { TwoFactorSignInController } from './two-factor-sign-in.controller';
import { TwoFactorThrottleService } from './two-factor-throttle.service';
import { TwoFactorController } from './two-factor.controller';
import { TwoFactorService } from './two-factor.service';

/** What AuthModule registers for two-factor authentication and fresh sign-ins. */
export const TWO_FACTOR_CONTROLLERS = [TwoFactorSignInController, TwoFactorController];

export const TWO_FACTOR_PROVIDERS = [
  TwoFactorService,
  TwoFactorThrottleService,
  SignInChallenges,
  ReauthenticationService,
  RecentSignInGuard,
];
