import { Button, Group, Text } from '@mantine/core';
import type { AccountExport } from '@fxrates/domain';
import { errorMessage, useApi } from '@fxrates/web-kit';
import { useState } from 'react';
import { ACCOUNT_DATA_API, ACCOUNT_DATA_TEXTS, exportFileName, exportFileText } from './account-data';
import { SettingsSection } from './SettingsSection';

/** Hands the browser a file to save, as a link with `download` does. */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

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
      download(exportFileName(data.exportedAt), exportFileText(data));
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
