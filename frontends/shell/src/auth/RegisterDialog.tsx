import { Button, Group, Modal, Stack } from '@mantine/core';
import { EXISTING_EMAIL_REDIRECT_MS } from '@fxrates/domain';
import { ErrorAlert, useAuth } from '@fxrates/web-kit';
import { NewPasswordFields } from '@fxrates/web-kit/forms';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isEmailAlreadyInUse, registerDialogError } from './auth-errors';
import { useRegisterForm, type RegisterFormValues } from './register-form';
import { toRegisterRequest } from './register-request';
import { RegisterIdentityFields } from './RegisterIdentityFields';
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
  const form = useRegisterForm();
  const { error, setError, run } = useSubmission();
  const [switchingToLogin, setSwitchingToLogin] = useState(false);
  const switchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Closing the dialog during the 3 s wait cancels the switch.
  useEffect(() => () => clearTimeout(switchTimer.current), []);

  const submit = async (values: RegisterFormValues) => {
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
    <form onSubmit={form.onSubmit(submit, () => setError(null))}>
      <Stack gap="md">
        {error && <ErrorAlert message={error} data-testid="register-error" />}
        <RegisterIdentityFields
          form={form}
          companyLabel="Business Name (Optional)"
          emailLabel="Email"
          autoFocus
        />
        <NewPasswordFields form={form} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting} disabled={switchingToLogin}>
            Register
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The top bar's Create Account dialog. If the email is taken it says so, then
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
