import type { PlanId, RegisterRequest } from '@fxrates/domain';
import type { RegisterFormValues } from './register-form';

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
