import { Button, Card, Group, NativeSelect, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { ErrorAlert, errorMessage, LoadingState, useAuth, useRuntimeConfig } from '@fxrates/web-kit';
import { useEffect, useId, useMemo, useState } from 'react';
import { saveFile } from '../save-file';
import { fetchUsageCsv } from './usage-breakdown-api';
import { UsageBreakdownChart } from './UsageBreakdownChart';
import {
  breakdownChartData,
  chartNameOf,
  GROUPINGS,
  keyOptions,
  type BreakdownGrouping,
} from './usage-breakdown-data';
import { presetRange, rangeProblem, todayUtc, type UsageRange } from './usage-range';
import { UsageRangePicker } from './UsageRangePicker';
import { useUsageBreakdown } from './use-usage-breakdown';

export const BREAKDOWN_TEXTS = {
  title: 'Usage by key and endpoint',
  empty: 'No calls in this period',
  allKeys: 'All keys',
  download: 'Download CSV',
  downloadFailed: 'The CSV could not be downloaded. Please try again.',
} as const;

const ALL_KEYS = '';

/**
 * "Usage by key and endpoint": the calls of a period (this month by default) per day, stacked by
 * key, endpoint or status class, of every key or one; the same numbers as a table, and the period
 * as a CSV file.
 */
export function UsageBreakdownSection() {
  const titleId = useId();
  const [today] = useState(() => todayUtc());
  const [range, setRange] = useState<UsageRange>(() => presetRange('this-month', today));
  const [grouping, setGrouping] = useState<BreakdownGrouping>('key');
  const [keyId, setKeyId] = useState(ALL_KEYS);
  const problem = rangeProblem(range, today);

  // The section sits in a tab that may never be opened: it asks for nothing until it is first seen.
  const { ref, inViewport } = useInViewport<HTMLElement>();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  const { state, retry } = useUsageBreakdown(seen && problem === null ? range : null);

  const breakdown = state.status === 'ready' ? state.breakdown : null;
  const options = useMemo(() => (breakdown ? keyOptions(breakdown) : []), [breakdown]);
  // A key the new period does not name is no longer a filter: every key is shown, and stays so.
  const filter = options.some((option) => option.value === keyId) ? keyId : ALL_KEYS;
  useEffect(() => {
    if (breakdown && filter !== keyId) setKeyId(ALL_KEYS);
  }, [breakdown, filter, keyId]);
  const data = useMemo(
    () => (breakdown ? breakdownChartData(breakdown, grouping, filter === ALL_KEYS ? null : filter) : null),
    [breakdown, grouping, filter],
  );

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      mt="md"
      component="section"
      aria-labelledby={titleId}
      data-testid="usage-breakdown"
      ref={ref}
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={3} fz="lg" id={titleId}>
            {BREAKDOWN_TEXTS.title}
          </Title>
          <CsvDownload range={problem === null ? range : null} />
        </Group>
        <UsageRangePicker range={range} today={today} problem={problem} onChange={setRange} />
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            size="xs"
            value={grouping}
            onChange={(value) => setGrouping(value as BreakdownGrouping)}
            data={GROUPINGS.map(({ value, label }) => ({ value, label }))}
            aria-label="Stack the bars"
            data-testid="breakdown-grouping"
          />
          <NativeSelect
            size="xs"
            label="Key"
            value={filter}
            onChange={(event) => setKeyId(event.currentTarget.value)}
            data={[{ value: ALL_KEYS, label: BREAKDOWN_TEXTS.allKeys }, ...options]}
            disabled={options.length === 0}
            data-testid="breakdown-key"
          />
        </Group>
        {state.status === 'loading' && <LoadingState minHeight={240} />}
        {state.status === 'failed' && (
          <ErrorAlert message={state.message} onRetry={retry} data-testid="breakdown-load-error" />
        )}
        {data && data.totals.all === 0 && (
          <Text c="dimmed" py="md" data-testid="breakdown-empty">
            {BREAKDOWN_TEXTS.empty}
          </Text>
        )}
        {data && data.totals.all > 0 && <UsageBreakdownChart data={data} name={chartNameOf(grouping)} />}
      </Stack>
    </Card>
  );
}

/**
 * "Download CSV": the period's calls as the API writes them (every key; one row per day, key,
 * endpoint and status class), fetched with the user's token and saved under the API's file name.
 */
function CsvDownload({ range }: { range: UsageRange | null }) {
  const { getAccessToken } = useAuth();
  const { apiBaseUrl } = useRuntimeConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async (period: UsageRange) => {
    setBusy(true);
    setError(null);
    try {
      const { name, file } = await fetchUsageCsv(apiBaseUrl, await getAccessToken(), period);
      saveFile(name, file);
    } catch (failure) {
      console.error('Failed to download the usage CSV', failure);
      setError(errorMessage(failure, BREAKDOWN_TEXTS.downloadFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4} align="flex-end">
      <Button
        size="xs"
        variant="default"
        loading={busy}
        disabled={range === null}
        onClick={() => range && void download(range)}
      >
        {BREAKDOWN_TEXTS.download}
      </Button>
      {error && (
        <Text size="sm" c="red.8" role="alert" data-testid="breakdown-download-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
