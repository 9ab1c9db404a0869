import { Button, Fieldset, Group, Pill, Stack, Text } from '@mantine/core';
import { CurrencySelect } from '@fxrates/web-kit';
import { useState } from 'react';
import { WEBHOOK_FORM_TEXTS, pairOf, withPair } from './webhook-form';
import { WEBHOOK_TEXTS } from './webhook-texts';
import classes from './webhooks.module.css';

/**
 * The pairs `rate.changed` watches: two currency pickers and "Add pair", the pairs chosen as pills
 * that can be removed.
 */
export function PairsPicker({
  pairs,
  onChange,
  error,
}: {
  pairs: string[];
  onChange: (pairs: string[]) => void;
  error?: string;
}) {
  const [base, setBase] = useState('EUR');
  const [quote, setQuote] = useState('USD');
  const pair = pairOf(base, quote);

  return (
    <Fieldset legend={WEBHOOK_TEXTS.pairsLabel} variant="unstyled">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {WEBHOOK_TEXTS.pairsDescription}
        </Text>
        <div className={classes.pairPickers}>
          <CurrencySelect label="Base currency" value={base} onChange={setBase} includeCrypto />
          <CurrencySelect label="Quote currency" value={quote} onChange={setQuote} includeCrypto />
          <Button
            variant="light"
            disabled={pair === null}
            onClick={() => pair && onChange(withPair(pairs, pair))}
          >
            Add pair
          </Button>
        </div>
        {pair === null && (
          <Text size="xs" c="red.8">
            {WEBHOOK_FORM_TEXTS.pairSame}
          </Text>
        )}
        {pairs.length > 0 && (
          <Group gap={6} data-testid="chosen-pairs">
            {pairs.map((chosen) => (
              <Pill
                key={chosen}
                withRemoveButton
                onRemove={() => onChange(pairs.filter((other) => other !== chosen))}
                removeButtonProps={{ 'aria-label': `Remove ${chosen}` }}
              >
                {chosen}
              </Pill>
            ))}
          </Group>
        )}
        {error && (
          <Text size="xs" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
