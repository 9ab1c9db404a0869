import { Button, Stack, Tabs } from '@mantine/core';
import type { ApiKeyView } from '@fxrates/domain';
import { ErrorAlert } from '@fxrates/web-kit';
import { useState } from 'react';
import { CreateKeyButton } from './CreateKeyButton';
import { CreateKeyDialog } from './CreateKeyDialog';
import { DeactivateKeyDialog } from './DeactivateKeyDialog';
import { EditKeyDialog } from './EditKeyDialog';
import { KEY_TEXTS } from './key-texts';
import { KeysTable } from './KeysTable';
import { RollKeyDialog } from './RollKeyDialog';

/**
 * API Keys: Active Keys and Disabled Keys, Create New Key, and for each active key Edit, Roll key
 * and Deactivate (with confirmation). When the keys could not be loaded (the page shows the error
 * and Retry), no list claims there are none.
 */
export function KeysPanel({
  active,
  disabled,
  disabledNext,
  failed,
  onChanged,
  onLoadMoreDisabled,
}: {
  active: ApiKeyView[];
  /** The disabled keys loaded so far, and whether more pages follow (the API pages them). */
  disabled: ApiKeyView[];
  disabledNext: string | null;
  failed: boolean;
  onChanged: () => void;
  onLoadMoreDisabled: () => Promise<void>;
}) {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ApiKeyView | null>(null);
  const [rolling, setRolling] = useState<ApiKeyView | null>(null);
  const [deactivating, setDeactivating] = useState<ApiKeyView | null>(null);
  const unknown = failed && active.length === 0 && disabled.length === 0;

  return (
    <Stack gap="md">
      <CreateKeyButton label={KEY_TEXTS.createButton} onClick={() => setCreating(true)} />
      {!unknown && (
        <Tabs defaultValue="active" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="active">Active Keys</Tabs.Tab>
            <Tabs.Tab value="disabled">Disabled Keys</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="active" pt="sm">
            <KeysTable
              keys={active}
              actions={{ onEdit: setEditing, onRoll: setRolling, onDeactivate: setDeactivating }}
              emptyText="No active keys yet. Create one to call the API."
            />
          </Tabs.Panel>
          <Tabs.Panel value="disabled" pt="sm">
            <KeysTable keys={disabled} emptyText="No disabled keys." />
            <LoadMore next={disabledNext} load={onLoadMoreDisabled} />
          </Tabs.Panel>
        </Tabs>
      )}
      <CreateKeyDialog opened={creating} onClose={() => setCreating(false)} onCreated={onChanged} />
      <EditKeyDialog target={editing} onClose={() => setEditing(null)} onSaved={onChanged} />
      <RollKeyDialog target={rolling} onClose={() => setRolling(null)} onRolled={onChanged} />
      <DeactivateKeyDialog
        target={deactivating}
        onClose={() => setDeactivating(null)}
        onDeactivated={onChanged}
      />
    </Stack>
  );
}

export const LOAD_MORE_FAILED = 'Failed to load more keys';

/** "Load more" under a paged list while pages follow, with its loading and error states. */
function LoadMore({ next, load }: { next: string | null; load: () => Promise<void> }) {
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!next) return null;
  const run = async () => {
    setLoading(true);
    setFailed(false);
    try {
      await load();
    } catch (error) {
      console.error(LOAD_MORE_FAILED, error);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Stack gap="xs" mt="sm" align="center">
      {failed && <ErrorAlert message={LOAD_MORE_FAILED} data-testid="load-more-error" />}
      <Button variant="default" loading={loading} onClick={() => void run()} data-testid="load-more-disabled">
        Load more
      </Button>
    </Stack>
  );
}
