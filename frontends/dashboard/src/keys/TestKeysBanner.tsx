import { Alert, Text } from '@mantine/core';
import type { ApiKeyView } from '@fxrates/domain';
import { InfoIcon } from '@fxrates/web-kit';
import { KEY_TEXTS } from './key-texts';

/**
 * While the user has an active test key: what its answers are, so that nobody ships one. Not
 * dismissible: it goes when the last test key is deactivated.
 */
export function TestKeysBanner({ active }: { active: ApiKeyView[] }) {
  if (!active.some((key) => key.kind === 'test')) return null;
  return (
    <Alert
      color="grape"
      variant="light"
      icon={<InfoIcon />}
      mb="lg"
      role="status"
      data-testid="test-keys-banner"
    >
      <Text size="sm">{KEY_TEXTS.testKeysBanner}</Text>
    </Alert>
  );
}
