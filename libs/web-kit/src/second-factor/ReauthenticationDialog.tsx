import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { ErrorCode, PASSWORD_MAX_LENGTH, TWO_FACTOR_TEXTS, type TwoFactorStatus } from '@fxrates/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { ErrorAlert, errorMessage, isApiError, LoadingState, useApi, useAuth } from '@fxrates/web-kit';
import { TwoFactorCodeField, twoFactorProofOf } from './TwoFactorCodeField';

const FAILED = "We couldn't confirm it's you. Please try again.";

/**
 * "Confirm it's you", when the API answered 403 `reauthentication-required`: the password, or with
 * two-factor on a code of the authenticator app (or a recovery code). Calls `onConfirmed` once the
 * fresh access token is in place, `onCancel` when closed.
 */
export function ReauthenticationDialog({
  opened,
  onConfirmed,
  onCancel,
}: {
  opened: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const { client } = useApi();
  const { reauthenticate } = useAuth();
  const [twoFactor, setTwoFactor] = useState<boolean | null>(null);
  const [value, setValue] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!opened) return;
    let live = true;
    setTwoFactor(null);
    setValue('');
    setRecovery(false);
    setError(null);
    client.get<TwoFactorStatus>('/account/two-factor').then(
      (status) => live && setTwoFactor(status.enabled),
      // Unknown: ask for the password, which the API takes whenever two-factor is off.
      () => live && setTwoFactor(false),
    );
    return () => {
      live = false;
    };
  }, [opened, client]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await reauthenticate(twoFactor ? twoFactorProofOf(value, recovery) : { password: value });
      setValue('');
      onConfirmed();
    } catch (failure) {
      const refused =
        isApiError(failure) &&
        (failure.code === ErrorCode.WrongCurrentPassword ||
          failure.code === ErrorCode.WrongTwoFactorCode ||
          failure.status === 429 ||
          failure.status === 400);
      setError(refused ? errorMessage(failure, FAILED) : FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onCancel} title={TWO_FACTOR_TEXTS.confirmTitle} centered>
      {twoFactor === null ? (
        <LoadingState />
      ) : (
        <form onSubmit={submit} data-testid="reauthentication-dialog">
          <Stack gap="sm">
            <Text size="sm">
              {twoFactor
                ? 'This action needs a recent sign-in. Enter a code from your authenticator app to continue.'
                : 'This action needs a recent sign-in. Enter your password to continue.'}
            </Text>
            {error && <ErrorAlert message={error} data-testid="reauthentication-error" />}
            {twoFactor ? (
              <TwoFactorCodeField
                value={value}
                onChange={setValue}
                recovery={recovery}
                onRecoveryChange={setRecovery}
                autoFocus
              />
            ) : (
              <PasswordInput
                label="Password"
                required
                data-autofocus
                autoComplete="current-password"
                maxLength={PASSWORD_MAX_LENGTH}
                data-testid="reauthentication-password"
                value={value}
                onChange={(event) => setValue(event.currentTarget.value)}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Confirm
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
