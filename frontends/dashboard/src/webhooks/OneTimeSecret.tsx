import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { CheckIcon, CopyIcon } from '@fxrates/web-kit';
import { useEffect, useRef } from 'react';
import { KEY_TEXTS } from '../keys/key-texts';
import { WEBHOOK_TEXTS } from './webhook-texts';

/**
 * A new endpoint's signing secret in full, with a copy button and the warning that it is shown this
 * once; closing asks whether it was copied (the keys' one-time dialog, useCopiedConfirmation).
 */
export function OneTimeSecret({
  secret,
  url,
  asking,
  onDone,
  onGoBack,
  onConfirm,
}: {
  secret: string;
  url: string;
  asking: boolean;
  onDone: () => void;
  onGoBack: () => void;
  onConfirm: () => void;
}) {
  const copySecret = useRef<HTMLButtonElement>(null);
  useEffect(() => copySecret.current?.focus(), []);
  const goBack = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) goBack.current?.focus();
  }, [asking]);

  return (
    <Stack gap="sm">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        Endpoint added: {url}
      </Text>
      <Alert color="yellow" variant="light">
        {WEBHOOK_TEXTS.shownOnce}
      </Alert>
      <Code
        block
        data-testid="new-webhook-secret"
        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
      >
        {secret}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button
              ref={copySecret}
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
              onClick={copy}
            >
              {copied ? 'Copied' : WEBHOOK_TEXTS.copySecret}
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
              {WEBHOOK_TEXTS.copiedQuestion}
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
