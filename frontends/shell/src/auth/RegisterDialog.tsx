import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { EXISTING_EMAIL_REDIRECT_MS, REGISTER_ERRORS } from '@fxrates/domain';
import { ErrorAlert, useAuth } from '@fxrates/web-kit';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { isEmailAlreadyInUse, registerDialogError } from './auth-errors';
import { EMPTY_REGISTER_FORM, passwordsMatch, toRegisterRequest } from './register-request';
import { useFormFields } from './use-form-fields';
import { NewPasswordFields } from './NewPasswordFields';
import { DIALOG_STYLES } from './dialog-styles';
import { useSubmission } from './use-submission';

interface RegisterDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Changes on every opening, so that each one starts with a fresh form. */
  formKey: number;
  /** Closes this dialog and opens the Login dialog for that email. */
  onSwitchToLogin: (email: string) => void;
}

interface RegisterFormProps {
  onClose: () => void;
  onSwitchToLogin: (email: string) => void;
}

function RegisterForm({ onClose, onSwitchToLogin }: RegisterFormProps) {
  const { signup } = useAuth();
  const navigate = useNavigate();
  const { values, field } = useFormFields(EMPTY_REGISTER_FORM);
  const { submitting, error, setError, run } = useSubmission();
  const [switchingToLogin, setSwitchingToLogin] = useState(false);
  const switchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Closing the dialog during the 3 s wait cancels the switch.
  useEffect(() => () => clearTimeout(switchTimer.current), []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!passwordsMatch(values)) {
      setError(REGISTER_ERRORS['passwords-do-not-match']);
      return;
    }
    const outcome = await run(() => signup(toRegisterRequest(values)));
    if (!outcome) return;
    if (outcome.ok) {
      onClose();
      navigate('/dashboard');
      return;
    }
    setError(registerDialogError(outcome.error));
    if (isEmailAlreadyInUse(outcome.error)) {
      setSwitchingToLogin(true);
      const email = values.email.trim();
      switchTimer.current = setTimeout(() => onSwitchToLogin(email), EXISTING_EMAIL_REDIRECT_MS);
    }
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        {error && <ErrorAlert message={error} data-testid="register-error" />}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First Name"
            required
            autoComplete="given-name"
            data-autofocus
            {...field('firstName')}
          />
          <TextInput label="Last Name" required autoComplete="family-name" {...field('lastName')} />
        </SimpleGrid>
        <TextInput label="Business Name (Optional)" autoComplete="organization" {...field('company')} />
        <TextInput label="Email" type="email" required autoComplete="email" {...field('email')} />
        <NewPasswordFields field={field} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting} disabled={switchingToLogin}>
            Register
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The top bar's Create Account dialog (spec §2, §5, §8). If the email is taken it says so, then
 * after 3 s closes and opens the Login dialog. Closing it clears the fields and the error.
 */
export function RegisterDialog({ opened, onClose, formKey, onSwitchToLogin }: RegisterDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Create Account"
      centered
      radius="md"
      styles={DIALOG_STYLES}
      size="lg"
    >
      <RegisterForm key={formKey} onClose={onClose} onSwitchToLogin={onSwitchToLogin} />
    </Modal>
  );
}
