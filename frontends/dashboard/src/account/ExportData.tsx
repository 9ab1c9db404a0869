import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { AccountExport } from '@fxrates/domain';
import { ErrorAlert, errorMessage, useApi } from '@fxrates/web-kit';
import { useId, useState } from 'react';
import { ACCOUNT_DATA_API, ACCOUNT_DATA_TEXTS, exportFileName, exportFileText } from './account-data';

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
 * The account page's "Your data" section (issue 32 §8): "Export my data" downloads the JSON file of
 * everything held about the account. Fetched with the Bearer token (a plain link would carry none),
 * then saved under the name the API gives it.
 */
export function ExportData() {
  const { client } = useApi();
  const titleId = useId();
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
    <Card
      withBorder
      radius="md"
      padding="xl"
      shadow="xs"
      mt="lg"
      component="section"
      aria-labelledby={titleId}
    >
      <Stack gap="md" maw={560}>
        <Title order={2} fz="h4" id={titleId}>
          {ACCOUNT_DATA_TEXTS.exportTitle}
        </Title>
        <Text size="sm">{ACCOUNT_DATA_TEXTS.exportIntro}</Text>
        {error && <ErrorAlert message={error} data-testid="export-error" />}
        {done && (
          <Alert color="green" variant="light" role="status" data-testid="export-done">
            <Text size="sm">{ACCOUNT_DATA_TEXTS.exported}</Text>
          </Alert>
        )}
        <Group>
          <Button variant="outline" loading={busy} onClick={() => void exportData()}>
            {ACCOUNT_DATA_TEXTS.exportButton}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
