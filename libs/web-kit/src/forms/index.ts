/**
 * `@fxrates/web-kit/forms`: form pieces that more than one app shows (the shell's register and
 * reset-password forms, the dashboard's change-password form).
 *
 * A second entry point, not the package's index, because the index is on the landing page's first
 * load (the shared web-kit singleton, frontends/mf-shared.js) and these are not: PasswordInput would
 * be downloaded by every visitor of `/`. Nothing here may hold state or a React context: this entry
 * is not a shared singleton, so each app that imports it bundles its own copy.
 */
export { EMPTY_NEW_PASSWORD, NEW_PASSWORD_RULES, type NewPasswordValues } from './new-password';
export { NewPasswordFields } from './NewPasswordFields';
