import {
  API_KEY_SCOPES,
  KEY_NAME_MAX_LENGTH,
  PUBLISHABLE_KEY_SCOPES,
  type ApiKeyKind,
  type ApiKeyScope,
  type ApiKeyView,
  type CreateApiKeyRequest,
  MAX_KEY_MONTHLY_CAP,
} from '@fxrates/domain';
import { expiresAtOf, utcDayOf } from './key-dates';
import { linesOf, networksProblem, originsOf, originsProblem } from './restriction-lines';

/** The create and edit dialogs' fields; the networks and origins as typed, one per line. */
export interface KeyFormValues {
  name: string;
  kind: ApiKeyKind;
  scopes: ApiKeyScope[];
  networks: string;
  origins: string;
  /** A whole number of calls, or '' for none (a number field's value while empty). */
  monthlyCap: number | string;
  /** "2027-01-31", or '' for none. */
  expiresOn: string;
}

/** The API's largest monthly cap: far above any plan's quota. */
export const MAX_MONTHLY_CAP = MAX_KEY_MONTHLY_CAP;

export type KeyFormErrors = Partial<Record<keyof KeyFormValues, string>>;

export const KEY_FORM_TEXTS = {
  nameRequired: 'Give the key a name.',
  nameTooLong: `A key name has at most ${KEY_NAME_MAX_LENGTH} characters.`,
  scopeRequired: 'Choose at least one scope.',
  capNotWhole: 'The monthly cap is a whole number of calls, at least 1.',
  capTooHigh: `The monthly cap is at most ${MAX_MONTHLY_CAP.toLocaleString('en-US')} calls.`,
  expiryNotAhead: 'Choose a day after today.',
} as const;

/** The scopes a key of this kind may hold (a publishable key reads rates only), in the API's order. */
export function scopesAllowed(kind: ApiKeyKind): readonly ApiKeyScope[] {
  return kind === 'publishable' ? PUBLISHABLE_KEY_SCOPES : API_KEY_SCOPES;
}

/** The scopes in the API's order, keeping only those the kind allows. */
export function orderedScopes(kind: ApiKeyKind, scopes: readonly ApiKeyScope[]): ApiKeyScope[] {
  return scopesAllowed(kind).filter((scope) => scopes.includes(scope));
}

/** A new key's form: a secret key with every scope and no limit, as the API makes one by default. */
export function newKeyValues(): KeyFormValues {
  return withKind(
    { name: '', kind: 'secret', scopes: [], networks: '', origins: '', monthlyCap: '', expiresOn: '' },
    'secret',
  );
}

/** The form after choosing a kind: its scopes back to every one that kind allows, as the API's default. */
export function withKind(values: KeyFormValues, kind: ApiKeyKind): KeyFormValues {
  return { ...values, kind, scopes: [...scopesAllowed(kind)] };
}

/** The edit form of a key: what it holds now. */
export function keyValuesOf(key: ApiKeyView): KeyFormValues {
  return {
    name: key.name,
    kind: key.kind,
    scopes: orderedScopes(key.kind, key.scopes),
    networks: key.allowedNetworks.join('\n'),
    origins: key.allowedOrigins.join('\n'),
    monthlyCap: key.monthlyCap ?? '',
    expiresOn: key.expiresAt ? utcDayOf(key.expiresAt) : '',
  };
}

/** The cap a field holds: null when empty. */
export function capOf(value: number | string): number | null {
  return value === '' ? null : Number(value);
}

/**
 * What is wrong with the form, by field, checked before anything is sent (the API checks the same,
 * and its message is shown when it refuses). An expiry left as the key had it is not checked: an
 * expired key can still be renamed or given another day.
 */
export function keyFormErrors(
  values: KeyFormValues,
  { today, keptExpiry }: { today: string; keptExpiry?: string },
): KeyFormErrors {
  const errors: KeyFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = KEY_FORM_TEXTS.nameRequired;
  else if (name.length > KEY_NAME_MAX_LENGTH) errors.name = KEY_FORM_TEXTS.nameTooLong;
  if (orderedScopes(values.kind, values.scopes).length === 0) errors.scopes = KEY_FORM_TEXTS.scopeRequired;
  const networks = networksProblem(values.networks);
  if (networks) errors.networks = networks;
  if (values.kind === 'publishable') {
    const origins = originsProblem(values.origins, true);
    if (origins) errors.origins = origins;
  }
  const cap = capOf(values.monthlyCap);
  if (cap !== null && !(Number.isSafeInteger(cap) && cap >= 1))
    errors.monthlyCap = KEY_FORM_TEXTS.capNotWhole;
  else if (cap !== null && cap > MAX_MONTHLY_CAP) errors.monthlyCap = KEY_FORM_TEXTS.capTooHigh;
  if (values.expiresOn !== '' && values.expiresOn !== keptExpiry && values.expiresOn <= today)
    errors.expiresOn = KEY_FORM_TEXTS.expiryNotAhead;
  return errors;
}

/** The body of POST /api/keys: what the form says, each limit left out when it has none. */
export function createRequestOf(values: KeyFormValues): CreateApiKeyRequest {
  const cap = capOf(values.monthlyCap);
  const expiresAt = expiresAtOf(values.expiresOn);
  return {
    name: values.name.trim(),
    kind: values.kind,
    scopes: orderedScopes(values.kind, values.scopes),
    allowedNetworks: linesOf(values.networks),
    ...(values.kind === 'publishable' ? { allowedOrigins: originsOf(values.origins) } : {}),
    ...(cap !== null ? { monthlyCap: cap } : {}),
    ...(expiresAt !== null ? { expiresAt } : {}),
  };
}
