import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { CheckIcon, CopyIcon } from '@fxrates/web-kit';
import { useEffect, useRef, type ReactNode } from 'react';
import { KEY_TEXTS } from './key-texts';

/** What a secret shown once says about itself: an API key, a webhook's signing secret. */
export interface ShownOnceTexts {
  /** The warning above it: it is shown this once. */
  shownOnce: string;
  /** The copy button's label. */
  copy: string;
  /** Asked when the dialog is closed by any means: was it copied? */
  copiedQuestion: string;
}

/**
 * A secret in full, with a copy button and the warning that it is shown this once; closing asks
 * whether it was copied (useCopiedConfirmation holds that state). `before` and `after` are what the
 * dialog says about the secret besides (the endpoint it signs for, the key it retires).
 */
export function ShownOnce({
  secret,
  texts,
  testId,
  before,
  after,
  asking,
  onDone,
  onGoBack,
  onConfirm,
}: {
  secret: string;
  texts: ShownOnceTexts;
  testId: string;
  before?: ReactNode;
  after?: ReactNode;
  asking: boolean;
  onDone: () => void;
  onGoBack: () => void;
  onConfirm: () => void;
}) {
  // The form that made the secret is gone, and the focus with it: it starts on the copy button.
  const copyButton = useRef<HTMLButtonElement>(null);
  useEffect(() => copyButton.current?.focus(), []);
  // The question takes the place of Done: focus moves to its safe answer.
  const goBack = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) goBack.current?.focus();
  }, [asking]);

  return (
    <Stack gap="sm">
      {before}
      <Alert color="yellow" variant="light">
        {texts.shownOnce}
      </Alert>
      <Code block data-testid={testId} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {secret}
      </Code>
      {after}
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button
              ref={copyButton}
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
              onClick={copy}
            >
              {copied ? 'Copied' : texts.copy}
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
              {texts.copiedQuestion}
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
