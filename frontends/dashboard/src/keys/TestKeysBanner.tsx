import { Alert, Text } from '@mantine/core';
import type { ApiKeyView } from '@fxrates/domain';
import { InfoIcon, useDismissal } from '@fxrates/web-kit';
import { KEY_TEXTS } from './key-texts';

/**
 * While the user has an active test key: what its answers are, so that nobody ships one. It goes
 * when the last test key is deactivated; closed, it stays closed in this tab until a new test key
 * is made.
 */
export function TestKeysBanner({ active }: { active: ApiKeyView[] }) {
  const testKeys = active.filter((key) => key.kind === 'test');
  const { dismissed, dismiss } = useDismissal(
    `test-keys:${testKeys
      .map((key) => key.id)
      .sort()
      .join(',')}`,
  );
  if (testKeys.length === 0 || dismissed) return null;
  return (
    <Alert
      color="grape"
      variant="light"
      icon={<InfoIcon />}
      mb="lg"
      role="status"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismiss}
      data-testid="test-keys-banner"
    >
      <Text size="sm">{KEY_TEXTS.testKeysBanner}</Text>
    </Alert>
  );
}
