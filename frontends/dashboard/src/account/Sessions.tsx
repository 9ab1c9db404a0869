import { Badge, Button, Group, Modal, Table, Text } from '@mantine/core';
import type { AccountSessionView } from '@fxrates/domain';
import { ErrorAlert, errorMessage, LoadingState, useApi } from '@fxrates/web-kit';
import { useCallback, useEffect, useState } from 'react';
import classes from '../stacked-table.module.css';
import { confirmOneText, SESSION_TEXTS, SESSIONS_API, sessionView, type SessionView } from './sessions';
import { SettingsSection } from './SettingsSection';

type ListState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; sessions: SessionView[] };

/** What the confirmation dialog is about: one other session, or every other one. */
type Target = { kind: 'one'; session: SessionView } | { kind: 'others' } | null;

/**
 * "Sessions" on the account page: where the account is signed in (browser, place, last
 * used), this device marked; any other session, or all of them, signed out after a confirmation.
 */
export function Sessions() {
  const { client } = useApi();
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [target, setTarget] = useState<Target>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const sessions = await client.get<AccountSessionView[]>(SESSIONS_API.list);
      const now = Date.now();
      setState({ status: 'ready', sessions: sessions.map((session) => sessionView(session, now)) });
    } catch (error) {
      console.error('Failed to load the sessions', error);
      setState({ status: 'failed' });
    }
  }, [client]);

  useEffect(() => {
    void load();
  }, [load]);

  async function confirm() {
    if (!target) return;
    setBusy(true);
    setFailure(null);
    try {
      await client.request({
        method: 'DELETE',
        path: target.kind === 'one' ? SESSIONS_API.signOut(target.session.id) : SESSIONS_API.signOutOthers,
      });
    } catch (error) {
      console.error('Failed to sign out', error);
      const fallback =
        target.kind === 'one' ? SESSION_TEXTS.signOutFailed : SESSION_TEXTS.signOutOthersFailed;
      setFailure(errorMessage(error, fallback));
    }
    setBusy(false);
    setTarget(null);
    await load();
  }

  const others = state.status === 'ready' ? state.sessions.filter((session) => !session.current) : [];

  return (
    <SettingsSection
      title={SESSION_TEXTS.sectionTitle}
      data-testid="sessions"
      error={failure}
      errorTestId="sessions-failure"
    >
      <Text size="sm" c="dimmed">
        {SESSION_TEXTS.description}
      </Text>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'failed' && (
        <ErrorAlert message={SESSION_TEXTS.loadFailed} onRetry={() => void load()} />
      )}
      {state.status === 'ready' && (
        <Table verticalSpacing="sm" className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Browser</Table.Th>
              <Table.Th>Location</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th aria-label="Sign out" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state.sessions.map((session) => (
              <Table.Tr
                key={session.id}
                data-testid="session-row"
                data-current={session.current || undefined}
              >
                <Table.Td data-label="Browser">
                  <Group gap="xs" wrap="wrap" justify="flex-end" style={{ display: 'inline-flex' }}>
                    <Text span fw={500}>
                      {session.browser}
                    </Text>
                    {session.current && (
                      <Badge variant="light" data-testid="this-device">
                        {SESSION_TEXTS.thisDevice}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td data-label="Location">{session.place}</Table.Td>
                <Table.Td data-label="Last used">
                  <Text span size="sm" title={session.lastUsedExact}>
                    {session.lastUsed}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {!session.current && (
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      onClick={() => setTarget({ kind: 'one', session })}
                      aria-label={`${SESSION_TEXTS.signOut}: ${session.browser}, ${session.place}`}
                      data-testid="sign-out-session"
                    >
                      {SESSION_TEXTS.signOut}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {state.status === 'ready' && others.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="sessions-only-this">
          {SESSION_TEXTS.onlyThis}
        </Text>
      )}
      {others.length > 0 && (
        <Group>
          <Button
            variant="default"
            onClick={() => setTarget({ kind: 'others' })}
            data-testid="sign-out-others"
          >
            {SESSION_TEXTS.signOutOthers}
          </Button>
        </Group>
      )}
      <Modal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title={target?.kind === 'one' ? SESSION_TEXTS.confirmOneTitle : SESSION_TEXTS.confirmOthersTitle}
        centered
      >
        <Text size="sm">
          {target?.kind === 'one' ? confirmOneText(target.session) : SESSION_TEXTS.confirmOthers}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setTarget(null)}>
            {SESSION_TEXTS.cancel}
          </Button>
          {/* Red 9: white on it reads at 5.4:1 (DeactivateKeyDialog). */}
          <Button color="red.9" loading={busy} onClick={() => void confirm()} data-testid="confirm-sign-out">
            {target?.kind === 'others' ? SESSION_TEXTS.signOutOthers : SESSION_TEXTS.signOut}
          </Button>
        </Group>
      </Modal>
    </SettingsSection>
  );
}
