import { Button, Group, Text, type ButtonProps } from '@mantine/core';
import { useAuth } from '@fxrates/web-kit';
import { useId } from 'react';
import { VERIFICATION_TEXTS } from '../verification/verification-texts';

/**
 * The button that opens the Create New Key dialog. The API refuses keys to an unverified address, so
 * for one the button is off and says why beside it. The dialog is its owner's, rendered whether or
 * not the button still is: a first key's Overview button goes once the key exists, its key must not.
 */
export function CreateKeyButton({
  label,
  onClick,
  justify = 'flex-end',
  size,
}: {
  label: string;
  onClick: () => void;
  justify?: 'flex-start' | 'flex-end';
  size?: ButtonProps['size'];
}) {
  const { user } = useAuth();
  const mustVerify = user?.emailVerified === false;
  const reasonId = useId();

  return (
    <Group justify={justify} gap="sm">
      {mustVerify && (
        <Text id={reasonId} size="sm" c="dimmed" data-testid="create-key-blocked">
          {VERIFICATION_TEXTS.createKeyBlocked}
        </Text>
      )}
      <Button
        size={size}
        onClick={onClick}
        disabled={mustVerify}
        aria-describedby={mustVerify ? reasonId : undefined}
      >
        {label}
      </Button>
    </Group>
  );
}
