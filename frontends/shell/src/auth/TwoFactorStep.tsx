import { Button, Group, Stack, Text } from '@mantine/core';
import { ErrorAlert, useAuth } from '@fxrates/web-kit';
import { TwoFactorCodeField, twoFactorProofOf } from '@fxrates/web-kit/second-factor';
import { useState, type FormEvent } from 'react';
import { twoFactorStepError } from './two-factor-errors';
import { useSubmission } from './use-submission';

/**
 * The second step of signing in to an account with two-factor on: a code of the
 * authenticator app, or one of the recovery codes. An ended challenge goes back to the password.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
  onCancel,
  submitLabel,
  fullWidth = false,
}: {
  challenge: string;
  onSignedIn: () => void;
  /** Back to the password step, with `message` saying why. */
  onRestart: (message: string) => void;
  onCancel?: () => void;
  submitLabel: string;
  fullWidth?: boolean;
}) {
  const { completeTwoFactorLogin } = useAuth();
  const [value, setValue] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const { error, setError, run } = useSubmission();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const outcome = await run(() => completeTwoFactorLogin(challenge, twoFactorProofOf(value, recovery)));
    setBusy(false);
    if (!outcome) return;
    if (outcome.ok) {
      onSignedIn();
      return;
    }
    const failure = twoFactorStepError(outcome.error);
    if (failure.restart) onRestart(failure.message);
    else setError(failure.message);
  };

  return (
    <form onSubmit={submit} data-testid="two-factor-step">
      <Stack gap="md">
        <Text size="sm">Your account is protected with two-factor authentication.</Text>
        {error && <ErrorAlert message={error} data-testid="two-factor-error" />}
        <TwoFactorCodeField
          value={value}
          onChange={setValue}
          recovery={recovery}
          onRecoveryChange={setRecovery}
          autoFocus
        />
        <Group justify="flex-end" gap="sm" mt="xs" grow={fullWidth}>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={busy} fullWidth={fullWidth}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
