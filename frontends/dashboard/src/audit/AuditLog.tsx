import { Button, Code, Table, Text } from '@mantine/core';
import { ErrorAlert, LoadingState, useApi } from '@fxrates/web-kit';
import { useCallback, useEffect, useState } from 'react';
import { SettingsSection } from '../account/SettingsSection';
import classes from '../stacked-table.module.css';
import { loadAuditPage } from './audit-api';
import { AUDIT_TEXTS, auditRowView, type AuditRowView } from './audit-view';

type LogState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; rows: AuditRowView[]; next: string | null };

/**
 * "Audit log" on the account page, beside the sessions: what happened to the account and its keys,
 * newest first (when, what, which key, who, from where), a page at a time.
 */
export function AuditLog() {
  const { client } = useApi();
  const [state, setState] = useState<LogState>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);

  const loadFirst = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      const page = await loadAuditPage(client, null);
      setState({ status: 'ready', rows: page.data.map((event) => auditRowView(event)), next: page.next });
    } catch (failure) {
      console.error('Failed to load the audit log', failure);
      setState({ status: 'failed' });
    }
  }, [client]);

  useEffect(() => {
    void loadFirst();
  }, [loadFirst]);

  // The rows already shown stay when a later page fails: only that page is asked for again.
  const loadMore = async (cursor: string) => {
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const page = await loadAuditPage(client, cursor);
      setState((previous) =>
        previous.status === 'ready'
          ? {
              status: 'ready',
              rows: [...previous.rows, ...page.data.map((event) => auditRowView(event))],
              next: page.next,
            }
          : previous,
      );
    } catch (failure) {
      console.error('Failed to load older audit events', failure);
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <SettingsSection title={AUDIT_TEXTS.sectionTitle} data-testid="audit-log">
      <Text size="sm" c="dimmed">
        {AUDIT_TEXTS.description}
      </Text>
      {state.status === 'loading' && <LoadingState minHeight={120} />}
      {state.status === 'failed' && (
        <ErrorAlert
          message={AUDIT_TEXTS.loadFailed}
          onRetry={() => void loadFirst()}
          data-testid="audit-load-error"
        />
      )}
      {state.status === 'ready' && state.rows.length === 0 && (
        <Text c="dimmed" data-testid="audit-empty">
          {AUDIT_TEXTS.empty}
        </Text>
      )}
      {state.status === 'ready' && state.rows.length > 0 && (
        <Table verticalSpacing="sm" className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Event</Table.Th>
              <Table.Th>Key</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>From</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state.rows.map((row) => (
              <Table.Tr key={row.id} data-testid="audit-row">
                <Table.Td data-label="When">
                  <Text span size="sm" title={row.at}>
                    {row.when}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Event" fw={500}>
                  {row.event}
                </Table.Td>
                <Table.Td data-label="Key">
                  {row.key ? (
                    <div>
                      <Text size="sm">{row.key.name}</Text>
                      <Code>{row.key.maskedKey}</Code>
                    </div>
                  ) : (
                    AUDIT_TEXTS.nothing
                  )}
                </Table.Td>
                <Table.Td data-label="Who">{row.who}</Table.Td>
                <Table.Td data-label="From">
                  {row.from ? (
                    <Text span size="sm">
                      {row.from.ip}
                      {row.from.browser && (
                        <Text span size="xs" c="dimmed" display="block">
                          {row.from.browser}
                        </Text>
                      )}
                    </Text>
                  ) : (
                    AUDIT_TEXTS.nothing
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {moreFailed && <ErrorAlert message={AUDIT_TEXTS.moreFailed} data-testid="audit-more-error" />}
      {state.status === 'ready' && state.next && (
        <Button
          variant="default"
          loading={loadingMore}
          onClick={() => void loadMore(state.next!)}
          style={{ alignSelf: 'flex-start' }}
        >
          {AUDIT_TEXTS.more}
        </Button>
      )}
    </SettingsSection>
  );
}
