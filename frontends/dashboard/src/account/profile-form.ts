import {
  COMPANY_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  type AccountResponse,
  type UpdateAccountRequest,
} from '@fxrates/domain';

/** The account page's Profile section: what the user can change about themselves. */
export interface ProfileValues {
  firstName: string;
  lastName: string;
  /** Optional; empty when the account has none. */
  company: string;
}

type Profile = Pick<AccountResponse, 'firstName' | 'lastName' | 'company'>;

export const PROFILE_TEXTS = {
  title: 'Profile',
  firstName: 'First Name',
  lastName: 'Last Name',
  /** The register page's label for the same field. */
  company: 'Company Name (optional)',
  save: 'Save',
  saved: 'Your profile was saved.',
  saveFailed: 'Your profile could not be saved. Please try again.',
} as const;

export function profileValuesOf(account: Profile): ProfileValues {
  return { firstName: account.firstName, lastName: account.lastName, company: account.company ?? '' };
}

/**
 * The body of PATCH /api/account: each field, trimmed, that differs from the account; empty when
 * nothing changed (spaces added around a name change nothing). An emptied company is sent as null,
 * which removes it.
 */
export function profileChanges(account: Profile, values: ProfileValues): UpdateAccountRequest {
  const changes: UpdateAccountRequest = {};
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  const company = values.company.trim();
  if (firstName !== account.firstName) changes.firstName = firstName;
  if (lastName !== account.lastName) changes.lastName = lastName;
  if (company !== (account.company ?? '')) changes.company = company || null;
  return changes;
}

export function hasChanges(changes: UpdateAccountRequest): boolean {
  return Object.keys(changes).length > 0;
}

/** Characters as the API's length rule counts them: an emoji is one, not two UTF-16 units. */
const lengthOf = (text: string) => [...text].length;

/** A name is required and at most PERSON_NAME_MAX_LENGTH long, as at registration, in the API's words. */
function nameRule(label: 'First name' | 'Last name') {
  return (value: string): string | null => {
    const name = value.trim();
    if (!name) return `${label} is required.`;
    if (lengthOf(name) > PERSON_NAME_MAX_LENGTH)
      return `${label} must be at most ${PERSON_NAME_MAX_LENGTH} characters.`;
    return null;
  };
}

/** Checked before anything is sent; the API checks the same and its answer is shown if it differs. */
export const PROFILE_RULES = {
  firstName: nameRule('First name'),
  lastName: nameRule('Last name'),
  company: (value: string): string | null =>
    lengthOf(value.trim()) > COMPANY_MAX_LENGTH
      ? `Company must be at most ${COMPANY_MAX_LENGTH} characters.`
      : null,
};
