import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import type { ApiKeyView } from '@fxrates/domain';
import { useAuth } from '@fxrates/web-kit';
import { useId, useState } from 'react';
import { VERIFICATION_TEXTS } from '../verification/verification-texts';
import { CreateKeyDialog } from './CreateKeyDialog';
import { DeactivateKeyDialog } from './DeactivateKeyDialog';
import { KeysTable } from './KeysTable';

/**
 * API Keys: Active Keys and Disabled Keys, Create New Key, and Deactivate with confirmation. When the
 * keys could not be loaded (the page shows the error and Retry), no list claims there are none.
 */
export function KeysPanel({
  active,
  disabled,
  failed,
  onChanged,
}: {
  active: ApiKeyView[];
  disabled: ApiKeyView[];
  failed: boolean;
  onChanged: () => void;
}) {
  const [creating, setCreating] = useState(false);
  const [deactivating, setDeactivating] = useState<ApiKeyView | null>(null);
  const unknown = failed && active.length === 0 && disabled.length === 0;
  // The API refuses keys to an unverified address (issue 30 §5): the button says why it is off.
  const { user } = useAuth();
  const mustVerify = user?.emailVerified === false;
  const reasonId = useId();

  return (
    <Stack gap="md">
      <Group justify="flex-end" gap="sm">
        {mustVerify && (
          <Text id={reasonId} size="sm" c="dimmed" data-testid="create-key-blocked">
            {VERIFICATION_TEXTS.createKeyBlocked}
          </Text>
        )}
        <Button
          onClick={() => setCreating(true)}
          disabled={mustVerify}
          aria-describedby={mustVerify ? reasonId : undefined}
        >
          Create New Key
        </Button>
      </Group>
      {!unknown && (
        <Tabs defaultValue="active" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="active">Active Keys</Tabs.Tab>
            <Tabs.Tab value="disabled">Disabled Keys</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="active" pt="sm">
            <KeysTable
              keys={active}
              onDeactivate={setDeactivating}
              emptyText="No active keys yet. Create one to call the API."
            />
          </Tabs.Panel>
          <Tabs.Panel value="disabled" pt="sm">
            <KeysTable keys={disabled} emptyText="No disabled keys." />
          </Tabs.Panel>
        </Tabs>
      )}
      <CreateKeyDialog opened={creating} onClose={() => setCreating(false)} onCreated={onChanged} />
      <DeactivateKeyDialog
        target={deactivating}
        onClose={() => setDeactivating(null)}
        onDeactivated={onChanged}
      />
    </Stack>
  );
}
