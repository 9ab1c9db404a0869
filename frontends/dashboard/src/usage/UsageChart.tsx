import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import type { ApiKeyView, UsageDay } from '@fxrates/domain';
import { dayOfMonth, formatCount, longDate, usageChartData } from './usage-chart-data';

export const NO_REQUESTS_YET = 'No requests yet this month';
const CHART_NAME = 'Requests per day this month';

/**
 * Requests per day this month as stacked bars, one colour per key, with each day's figures on hover
 * or keyboard focus, and the same numbers in a table for screen readers (an SVG chart is opaque to them).
 */
export function UsageChart({ days, keys }: { days: UsageDay[]; keys: ApiKeyView[] }) {
  if (days.every((day) => day.total === 0)) {
    return (
      <Text c="dimmed" py="md" data-testid="usage-empty">
        {NO_REQUESTS_YET}
      </Text>
    );
  }
  const { rows, series, peak } = usageChartData(days, keys);

  return (
    <Box component="figure" m={0} aria-label={CHART_NAME} data-testid="usage-chart">
      <BarChart
        h={200}
        data={rows}
        dataKey="day"
        series={series}
        type="stacked"
        withLegend
        gridAxis="y"
        tickLine="none"
        valueFormatter={formatCount}
        xAxisProps={{ tickFormatter: dayOfMonth }}
        yAxisProps={{ allowDecimals: false, width: 40 }}
        tooltipProps={{ labelFormatter: (day) => longDate(String(day)) }}
      />
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {days[0]?.day}
        </Text>
        <Text size="xs" c="dimmed">
          peak {formatCount(peak)} / day
        </Text>
        <Text size="xs" c="dimmed">
          {days.at(-1)?.day}
        </Text>
      </Group>
      <VisuallyHidden>
        <table data-testid="usage-table">
          <caption>{CHART_NAME}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Total</th>
              {series.map((key) => (
                <th key={key.name} scope="col">
                  {key.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <td>{day.total}</td>
                {series.map((key) => (
                  <td key={key.name}>{day.byKey[key.name] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
