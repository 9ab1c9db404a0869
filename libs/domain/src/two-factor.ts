import type { AuthResponse } from './api-types';

/**
 * Two-factor authentication. A second factor is proved by either a current code of the
 * authenticator app or one of the account's unused recovery codes; give one of the two.
 */
export interface TwoFactorProof {
  /** Six digits from the authenticator app (spaces allowed). */
  code?: string;
  /** One of the ten recovery codes, e.g. `k7m2p-x9qrt`; each works once. */
  recoveryCode?: string;
}

/** POST /api/auth/login answers this instead of tokens when the account has two-factor on. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  /** Single use, valid `expiresIn` seconds: send it to POST /api/auth/login/two-factor with a code. */
  challenge: string;
  expiresIn: number;
}

/** What POST /api/auth/login answers: tokens, or the challenge of the code step. */
export type LoginResponse = AuthResponse | TwoFactorChallenge;

export function isTwoFactorChallenge(response: LoginResponse): response is TwoFactorChallenge {
  return (response as TwoFactorChallenge).twoFactorRequired === true;
}

/** Body of POST /api/auth/login/two-factor. */
export interface TwoFactorLoginRequest extends TwoFactorProof {
  challenge: string;
}

/** GET /api/account/two-factor. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** ISO 8601, when it was turned on; null while off. */
  enabledAt: string | null;
  /** Unused recovery codes left (0 while off). */
  recoveryCodesLeft: number;
}

/** POST /api/account/two-factor: the secret of an enrolment waiting for its first code. */
export interface TwoFactorEnrolment {
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  /** `otpauth://totp/FXRates%20Pro:<email>?secret=…&issuer=FXRates%20Pro&…` */
  otpauthUri: string;
  /** The URI as a QR code, a `data:image/svg+xml;base64,…` URL. */
  qrCode: string;
}

/** POST /api/account/two-factor/confirm. */
export interface TwoFactorConfirmRequest {
  code: string;
}

/** Two-factor is on: the recovery codes, shown this once (only their hashes are kept). */
export interface TwoFactorRecoveryCodes {
  enabledAt: string;
  recoveryCodes: string[];
}

/** POST /api/account/two-factor/disable: the password and a second factor. */
export interface TwoFactorDisableRequest extends TwoFactorProof {
  password: string;
}

/**
 * POST /api/auth/reauthenticate: with two-factor on, a code (or recovery code) alone; else the
 * password.
 */
export interface ReauthenticateRequest extends TwoFactorProof {
  password?: string;
}

/** The product's texts for two-factor authentication, shared by the dashboard and the sign-in forms. */
export const TWO_FACTOR_TEXTS = {
  codePrompt: 'Enter the 6-digit code from your authenticator app',
  recoveryPrompt: 'Enter one of your recovery codes',
  useRecoveryCode: 'Use a recovery code instead',
  useAuthenticator: 'Use your authenticator app instead',
  confirmTitle: "Confirm it's you",
} as const;
