import { Group, Paper, Stack, Text } from '@mantine/core';
import { isMetal, resultDecimals, AMOUNT_DISPLAY_DECIMALS, type MetalUnit } from '@fxrates/domain';
import {
  describeRateSource,
  formatDecimal,
  formatRateInstant,
  groupThousands,
  InfoIcon,
  isIntradaySource,
} from '@fxrates/web-kit';
import { useEffect, useState } from 'react';
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

/** The clock, read again every `everyMs` while `ticking`: an age on screen ("12 s ago") keeps counting. */
function useNow(ticking: boolean, everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [ticking, everyMs]);
  return now;
}

/** "100.0000 USD = 88.0226 EUR", the rate used, where it comes from and when it was published. */
export function ConversionResult({ amount, from, to, result, quote, unit }: ConversionResultProps) {
  const history = usePairHistory(from, to);
  const intraday = quote.provenance.source.split(',').every(isIntradaySource);
  const now = useNow(intraday, 1000);
  const [fromLabel, toLabel] = [measured(from, unit), measured(to, unit)];
  const resultLine = `${groupThousands(formatDecimal(amount, AMOUNT_DISPLAY_DECIMALS))} ${fromLabel} = ${groupThousands(formatDecimal(result, resultDecimals(from, to)))} ${toLabel}`;
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
          1 {fromLabel} = {groupThousands(formatDecimal(quote.rate, RATE_DECIMALS))} {toLabel}
        </Text>
        <Group gap={6} wrap="nowrap" c="dimmed">
          <InfoIcon size={14} />
          <Text
            size="xs"
            data-testid="convert-source"
            title={intraday ? formatRateInstant(quote.provenance.timestamp, false) : undefined}
          >
            {describeRateSource(quote.provenance, now)}
          </Text>
        </Group>
        {history && <RateSparkline from={from} to={to} points={history} />}
      </Stack>
    </Paper>
  );
}
