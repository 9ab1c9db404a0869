import { useForm, type FormValidateInput } from '@mantine/form';
import { NEW_PASSWORD_RULES, type NewPasswordValues } from '@fxrates/web-kit/forms';

/** What the register dialog and the register page collect. */
export interface RegisterFormValues extends NewPasswordValues {
  firstName: string;
  lastName: string;
  /** "Business Name (Optional)" in the dialog, "Company Name (optional)" on the page. */
  company: string;
  email: string;
}

export const EMPTY_REGISTER_FORM: RegisterFormValues = {
  firstName: '',
  lastName: '',
  company: '',
  email: '',
  password: '',
  confirmPassword: '',
};

/**
 * A mismatch is reported as "Passwords do not match" and nothing is sent. The other rules
 * (required fields, the email's form) are the inputs' own; the password's length is the server's.
 */
export const REGISTER_FORM_RULES = NEW_PASSWORD_RULES satisfies FormValidateInput<RegisterFormValues>;

/** The register dialog's and page's form state and validation. */
export function useRegisterForm() {
  return useForm<RegisterFormValues>({ initialValues: EMPTY_REGISTER_FORM, validate: REGISTER_FORM_RULES });
}
