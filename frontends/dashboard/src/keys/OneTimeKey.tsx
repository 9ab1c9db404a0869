import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { CreatedApiKey } from '@fxrates/domain';
import { CheckIcon, CopyIcon } from '@fxrates/web-kit';
import { useEffect, useRef, useState } from 'react';
import { KEY_TEXTS } from './key-texts';
import { retiringText } from './restrictions-summary';

/**
 * The dialog state of a key shown once: every way of closing it (×, Escape, a click outside, Done)
 * first asks whether the key was copied, and only "I've copied it" closes; asked again, any of them
 * goes back to the key.
 */
export function useCopiedConfirmation(close: () => void) {
  const [asking, setAsking] = useState(false);
  return {
    asking,
    /** The dialog's onClose while the key is shown. */
    requestClose: () => setAsking((already) => !already),
    goBack: () => setAsking(false),
    confirm: () => {
      setAsking(false);
      close();
    },
  };
}

/** A new key in full, with a copy button and the warning that it is shown this once. */
export function OneTimeKey({
  created,
  asking,
  onDone,
  onGoBack,
  onConfirm,
}: {
  created: CreatedApiKey;
  asking: boolean;
  onDone: () => void;
  onGoBack: () => void;
  onConfirm: () => void;
}) {
  // The form that made the key is gone, and the focus with it: it starts on Copy key.
  const copyKey = useRef<HTMLButtonElement>(null);
  useEffect(() => copyKey.current?.focus(), []);
  // The question takes the place of Done: focus moves to its safe answer.
  const goBack = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) goBack.current?.focus();
  }, [asking]);

  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light">
        {KEY_TEXTS.shownOnce}
      </Alert>
      <Code block data-testid="new-key">
        {created.key}
      </Code>
      {created.retiring && (
        <Text size="sm" data-testid="new-key-retiring">
          {retiringText(created.retiring)}.
        </Text>
      )}
      <Group justify="flex-end">
        <CopyButton value={created.key}>
          {({ copied, copy }) => (
            <Button
              ref={copyKey}
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy key'}
            </Button>
          )}
        </CopyButton>
        {!asking && (
          <Button variant="default" onClick={onDone}>
            Done
          </Button>
        )}
      </Group>
      {asking && (
        <Alert color="yellow" variant="light" role="alert" data-testid="copied-confirmation">
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              {KEY_TEXTS.copiedQuestion}
            </Text>
            <Group justify="flex-end">
              <Button ref={goBack} variant="default" onClick={onGoBack}>
                {KEY_TEXTS.goBack}
              </Button>
              <Button onClick={onConfirm}>{KEY_TEXTS.copied}</Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
