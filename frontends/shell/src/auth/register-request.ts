import type { PlanId, RegisterRequest } from '@fxrates/domain';

/** What the register dialog and the register page collect. */
export interface RegisterFormValues {
  firstName: string;
  lastName: string;
  /** "Business Name (Optional)" in the dialog, "Company Name (optional)" on the page. */
  company: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export const EMPTY_REGISTER_FORM: RegisterFormValues = {
  firstName: '',
  lastName: '',
  company: '',
  email: '',
  password: '',
  confirmPassword: '',
};

/** Spec §5: a mismatch is reported as "Passwords do not match" and nothing is sent. */
export function passwordsMatch(values: RegisterFormValues): boolean {
  return values.password === values.confirmPassword;
}

/** The body of POST /auth/register; an empty company is left out, the chosen plan sent along. */
export function toRegisterRequest(values: RegisterFormValues, plan?: PlanId): RegisterRequest {
  const company = values.company.trim();
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    ...(company ? { company } : {}),
    email: values.email.trim(),
    password: values.password,
    confirmPassword: values.confirmPassword,
    ...(plan ? { plan } : {}),
  };
}
