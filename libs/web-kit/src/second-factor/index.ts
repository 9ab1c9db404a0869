/**
 * `@fxrates/web-kit/second-factor`: the code field of a sign-in with two-factor on and the "Confirm
 * it's you" dialog that key creation and plan changes open.
 *
 * A third entry point beside `./forms`, for the same reason: the package's index is on the landing
 * page's first load, and the dialog would bring Modal, PasswordInput and their floating and
 * scroll-lock code to every visitor of `/`. Context (the API client, the signed-in user) comes from
 * the index, the shared singleton; nothing here holds state of its own across apps.
 */
export { TwoFactorCodeField, twoFactorProofOf } from './TwoFactorCodeField';
export { useReauthentication, type Reauthentication } from './use-reauthentication';
