import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { ApiKeyView, CreatedApiKey } from '@fxrates/domain';
import { errorMessage, useApi } from '@fxrates/web-kit';
import { useReauthentication } from '@fxrates/web-kit/second-factor';
import { useState } from 'react';
import { KEY_TEXTS } from './key-texts';
import { rollKey } from './keys-api';
import { OneTimeKey, useCopiedConfirmation } from './OneTimeKey';
import { DEFAULT_OVERLAP_HOURS, overlapExplanation, ROLL_OVERLAPS } from './roll-overlap';

/**
 * "Roll key": a new secret for the key, the current one working beside it for the chosen overlap
 * (none to 7 days); then the new secret once, as after creating a key.
 */
export function RollKeyDialog({
  target,
  onClose,
  onRolled,
}: {
  target: ApiKeyView | null;
  onClose: () => void;
  onRolled: () => void;
}) {
  const { client } = useApi();
  const reauthentication = useReauthentication();
  const [overlapHours, setOverlapHours] = useState(DEFAULT_OVERLAP_HOURS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rolled, setRolled] = useState<CreatedApiKey | null>(null);

  const close = () => {
    setOverlapHours(DEFAULT_OVERLAP_HOURS);
    setError(null);
    setRolled(null);
    onClose();
  };
  const confirmation = useCopiedConfirmation(close);

  async function roll() {
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      setRolled(await reauthentication.run(() => rollKey(client, target.id, { overlapHours })));
      onRolled();
    } catch (failure) {
      console.error('Failed to roll API key', failure);
      setError(errorMessage(failure, KEY_TEXTS.rollFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Modal
        opened={target !== null}
        onClose={rolled ? confirmation.requestClose : close}
        title={rolled ? KEY_TEXTS.newKeyTitle : KEY_TEXTS.rollTitle}
        centered
      >
        {rolled ? (
          <OneTimeKey
            created={rolled}
            asking={confirmation.asking}
            onDone={confirmation.requestClose}
            onGoBack={confirmation.goBack}
            onConfirm={confirmation.confirm}
          />
        ) : (
          <Stack gap="md">
            <Text size="sm">{KEY_TEXTS.rollIntro(target?.name ?? '')}</Text>
            <Radio.Group
              label="Old secret keeps working for"
              value={String(overlapHours)}
              onChange={(value) => setOverlapHours(Number(value))}
            >
              <Stack gap="xs" mt={4}>
                {ROLL_OVERLAPS.map(({ hours, label }) => (
                  <Radio key={hours} value={String(hours)} label={label} />
                ))}
              </Stack>
            </Radio.Group>
            <Text size="sm" data-testid="roll-overlap-explanation">
              {overlapExplanation(overlapHours, new Date())}
            </Text>
            {error && (
              <Text c="red.8" size="sm" role="alert" data-testid="roll-error">
                {error}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button loading={busy} onClick={() => void roll()}>
                Roll key
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      {reauthentication.dialog}
    </>
  );
}
