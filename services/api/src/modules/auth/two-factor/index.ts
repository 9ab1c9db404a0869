export * from './recent-sign-in.guard';
export * from './two-factor.service';
export { TOTP_CODE_PATTERN } from './totp';
