import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { RegisterFormValues } from './register-form';

/**
 * First Name, Last Name, the optional company and the email of a registration form; the dialog and
 * the page label the last two differently.
 */
export function RegisterIdentityFields({
  form,
  companyLabel,
  emailLabel,
  autoFocus = false,
}: {
  form: UseFormReturnType<RegisterFormValues>;
  companyLabel: string;
  emailLabel: string;
  /** Focus First Name when a dialog opens. */
  autoFocus?: boolean;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label="First Name"
          required
          autoComplete="given-name"
          data-autofocus={autoFocus || undefined}
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label="Last Name"
          required
          autoComplete="family-name"
          {...form.getInputProps('lastName')}
        />
      </SimpleGrid>
      <TextInput label={companyLabel} autoComplete="organization" {...form.getInputProps('company')} />
      <TextInput
        label={emailLabel}
        type="email"
        required
        autoComplete="email"
        {...form.getInputProps('email')}
      />
    </>
  );
}
