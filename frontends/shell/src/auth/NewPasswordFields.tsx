import { PasswordInput } from '@mantine/core';
import { PASSWORD_MAX_LENGTH } from '@fxrates/domain';
import type { ChangeEvent } from 'react';

interface FieldProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** Password and Confirm Password of a registration form, sized and autocompleted as a new password. */
export function NewPasswordFields({
  field,
}: {
  field: (name: 'password' | 'confirmPassword') => FieldProps;
}) {
  return (
    <>
      <PasswordInput
        label="Password"
        required
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        {...field('password')}
      />
      <PasswordInput
        label="Confirm Password"
        required
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        {...field('confirmPassword')}
      />
    </>
  );
}
