import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Table, Text } from '@mantine/core';
import type { BreakdownChartData } from './usage-breakdown-data';
import { shortDay } from './usage-breakdown-data';
import classes from './breakdown-table.module.css';
import { formatCount, longDate } from './usage-chart-data';

/**
 * The period's calls as one stacked bar per day, each day's figures on hover or keyboard focus;
 * under it the same numbers as a table, for reading exact figures and for screen readers.
 */
export function UsageBreakdownChart({ data, name }: { data: BreakdownChartData; name: string }) {
  return (
    <>
      <Box component="figure" m={0} aria-label={name} data-testid="breakdown-chart">
        <BarChart
          h={240}
          data={data.bars}
          dataKey="day"
          series={data.series}
          type="stacked"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          gridAxis="y"
          tickLine="none"
          valueFormatter={formatCount}
          xAxisProps={{ tickFormatter: shortDay, minTickGap: 16 }}
          yAxisProps={{ allowDecimals: false, width: 48 }}
          tooltipProps={{ labelFormatter: (day) => longDate(String(day)) }}
        />
      </Box>
      <Table verticalSpacing={6} captionSide="top" className={classes.table} data-testid="breakdown-table">
        <Table.Caption>{name}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Day</Table.Th>
            {data.series.map((series) => (
              <Table.Th key={series.name} scope="col" ta="right">
                {series.label}
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="right">
              Total
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.table.map((row) => (
            <Table.Tr key={row.day}>
              <Table.Th scope="row" fw={500}>
                {row.day}
              </Table.Th>
              {row.calls.map((calls, index) => (
                <Table.Td key={data.series[index].name} ta="right" data-label={data.series[index].label}>
                  {formatCount(calls)}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={600} data-label="Total">
                {formatCount(row.total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            {data.totals.bySeries.map((calls, index) => (
              <Table.Td
                key={data.series[index].name}
                ta="right"
                fw={600}
                data-label={data.series[index].label}
              >
                {formatCount(calls)}
              </Table.Td>
            ))}
            <Table.Td ta="right" fw={700} data-label="Total">
              {formatCount(data.totals.all)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      <Text size="xs" c="dimmed">
        Days are counted in UTC.
      </Text>
    </>
  );
}
