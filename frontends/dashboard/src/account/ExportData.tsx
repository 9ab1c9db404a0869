import { Button, Group, Text } from '@mantine/core';
import type { AccountExport } from '@fxrates/domain';
import { errorMessage, useApi } from '@fxrates/web-kit';
import { useState } from 'react';
import { ACCOUNT_DATA_API, ACCOUNT_DATA_TEXTS, exportFileName, exportFileText } from './account-data';
import { SettingsSection } from './SettingsSection';
import { saveFile } from '../save-file';

/**
 * The account page's "Your data" section: "Export my data" downloads the JSON file of
 * everything held about the account. Fetched with the Bearer token (a plain link would carry none),
 * then saved under the name the API gives it.
 */
export function ExportData() {
  const { client } = useApi();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const exportData = async () => {
    setBusy(true);
    setDone(false);
    setError(null);
    try {
      const data = await client.get<AccountExport>(ACCOUNT_DATA_API.export);
      saveFile(
        exportFileName(data.exportedAt),
        new Blob([exportFileText(data)], { type: 'application/json' }),
      );
      setDone(true);
    } catch (failure) {
      console.error('Failed to export the account data', failure);
      setError(errorMessage(failure, ACCOUNT_DATA_TEXTS.exportFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsSection
      title={ACCOUNT_DATA_TEXTS.exportTitle}
      error={error}
      errorTestId="export-error"
      success={done ? ACCOUNT_DATA_TEXTS.exported : null}
      successTestId="export-done"
      maxWidth={560}
    >
      <Text size="sm">{ACCOUNT_DATA_TEXTS.exportIntro}</Text>
      <Group>
        <Button variant="outline" loading={busy} onClick={() => void exportData()}>
          {ACCOUNT_DATA_TEXTS.exportButton}
        </Button>
      </Group>
    </SettingsSection>
  );
}
