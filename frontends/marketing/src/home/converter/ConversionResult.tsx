import { Group, Paper, Stack, Text } from '@mantine/core';
import { isMetal, resultDecimals, AMOUNT_DISPLAY_DECIMALS, type MetalUnit } from '@fxrates/domain';
import { describeRateSource, formatDecimal, InfoIcon } from '@fxrates/web-kit';
import type { Quote } from './converter-state';
import { RateSparkline } from './RateSparkline';
import { usePairHistory } from './use-pair-history';

/** Rate lines always show 8 decimals, enough for every pair in the catalogue. */
const RATE_DECIMALS = 8;

interface ConversionResultProps {
  amount: string;
  from: string;
  to: string;
  result: string;
  quote: Quote;
  /** What a metal side is measured in, when the pair has one. */
  unit?: MetalUnit;
}

/** "XAU", or "g XAU" for a metal measured in grams (troy ounces are what the code means). */
function measured(code: string, unit: MetalUnit | undefined): string {
  return unit && unit !== 'ozt' && isMetal(code) ? `${unit} ${code}` : code;
}

/** "100.0000 USD = 88.0226 EUR", the rate used and where it comes from. */
export function ConversionResult({ amount, from, to, result, quote, unit }: ConversionResultProps) {
  const history = usePairHistory(from, to);
  const [fromLabel, toLabel] = [measured(from, unit), measured(to, unit)];
  const resultLine = `${formatDecimal(amount, AMOUNT_DISPLAY_DECIMALS)} ${fromLabel} = ${formatDecimal(result, resultDecimals(from, to))} ${toLabel}`;
  return (
    <Paper radius="md" p="md" bg="brand.0" aria-live="polite">
      <Stack gap={6}>
        <Text
          data-testid="convert-result"
          fw={700}
          fz={{ base: 20, sm: 24 }}
          c="navy.9"
          style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
        >
          {resultLine}
        </Text>
        <Text size="sm" c="gray.7" data-testid="convert-rate" style={{ fontVariantNumeric: 'tabular-nums' }}>
          1 {fromLabel} = {formatDecimal(quote.rate, RATE_DECIMALS)} {toLabel}
        </Text>
        <Group gap={6} wrap="nowrap" c="dimmed">
          <InfoIcon size={14} />
          <Text size="xs" data-testid="convert-source">
            {describeRateSource(quote.provenance)}
          </Text>
        </Group>
        {history && <RateSparkline from={from} to={to} points={history} />}
      </Stack>
    </Paper>
  );
}
