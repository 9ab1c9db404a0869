import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorAlert, isTwoFactorRequired, useAuth } from '@fxrates/web-kit';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { loginDialogError } from './auth-errors';
import { DIALOG_STYLES } from './dialog-styles';
import { LoginFields, type LoginFormValues } from './LoginFields';
import { TwoFactorStep } from './TwoFactorStep';
import { useSubmission } from './use-submission';

interface LoginDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Changes on every opening, so that each one starts with a fresh form. */
  formKey: number;
  /** Pre-fills the email, e.g. after the register dialog found the address already taken. */
  initialEmail: string;
  /** Closes the dialog for another page ("Forgot password?"), whose first field then keeps the focus. */
  onLeave: () => void;
  /** False once the dialog is left for another page: focus stays there, not on the dialog's opener. */
  returnFocus: boolean;
}

function LoginForm({
  initialEmail,
  onClose,
  onLeave,
}: {
  initialEmail: string;
  onClose: () => void;
  onLeave: () => void;
}) {
  const { login } = useAuth();
  const navigate = useNavigate();
  const form = useForm<LoginFormValues>({ initialValues: { email: initialEmail, password: '' } });
  const { error, setError, run } = useSubmission();
  // The password was right and the account wants a code too.
  const [challenge, setChallenge] = useState<string | null>(null);

  const signedIn = () => {
    onClose();
    navigate('/dashboard');
  };

  const submit = async (values: typeof form.values) => {
    const outcome = await run(() => login(values.email, values.password));
    if (!outcome) return;
    if (!outcome.ok && isTwoFactorRequired(outcome.error)) {
      setChallenge(outcome.error.challenge);
      return;
    }
    if (!outcome.ok) {
      setError(loginDialogError(outcome.error));
      return;
    }
    signedIn();
  };

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={signedIn}
        onRestart={(message) => {
          setChallenge(null);
          form.setFieldValue('password', '');
          setError(message);
        }}
        onCancel={onClose}
        submitLabel="Verify"
      />
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        {error && <ErrorAlert message={error} data-testid="login-error" />}
        <LoginFields form={form} inDialog onForgotPassword={onLeave} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.submitting}>
            Login
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The top bar's Login dialog. Closing it clears the fields and the error. */
export function LoginDialog({
  opened,
  onClose,
  formKey,
  initialEmail,
  onLeave,
  returnFocus,
}: LoginDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Login"
      centered
      radius="md"
      styles={DIALOG_STYLES}
      returnFocus={returnFocus}
    >
      <LoginForm key={formKey} initialEmail={initialEmail} onClose={onClose} onLeave={onLeave} />
    </Modal>
  );
}
