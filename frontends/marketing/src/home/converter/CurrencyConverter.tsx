import {
  ActionIcon,
  Button,
  Card,
  Flex,
  Group,
  NativeSelect,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { isMetalUnit, parseTypedAmount, TEXTS, type MetalUnit } from '@fxrates/domain';
import { CurrencySelect, ErrorAlert, SwapIcon } from '@fxrates/web-kit';
import type { FormEvent } from 'react';
import { ConversionResult } from './ConversionResult';
import classes from './converter.module.css';
import { amountAsDecimal, unitOfRequest } from './converter-state';
import { useConverter } from './use-converter';

/** The units a metal side may be measured in, as the picker offers them. */
const METAL_UNIT_OPTIONS: { value: MetalUnit; label: string }[] = [
  { value: 'ozt', label: 'Troy ounces (oz t)' },
  { value: 'g', label: 'Grams (g)' },
  { value: 'kg', label: 'Kilograms (kg)' },
];

/** The landing converter. */
export function CurrencyConverter() {
  const {
    state,
    canConvert,
    convert,
    setAmount,
    setFrom,
    setTo,
    swap,
    setShowCrypto,
    setShowMetals,
    setUnit,
  } = useConverter();
  const unit = unitOfRequest(state);
  const amount = amountAsDecimal(state.amount);
  const typed = parseTypedAmount(state.amount);
  // An empty field only disables Convert; an ambiguous or invalid amount says so and how to type it.
  const amountError = !typed.ok && typed.reason !== 'empty' ? typed.message : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void convert();
  };

  return (
    <Card
      component="section"
      aria-label="Currency converter"
      radius="lg"
      shadow="xl"
      withBorder
      className={classes.card}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Group justify="space-between" align="center">
            <Text fw={700} size="lg" c="navy.9">
              Currency converter
            </Text>
            <Group gap="md">
              <Switch
                label={TEXTS.showCrypto}
                checked={state.showCrypto}
                onChange={(event) => setShowCrypto(event.currentTarget.checked)}
              />
              <Switch
                label={TEXTS.showMetals}
                checked={state.showMetals}
                onChange={(event) => setShowMetals(event.currentTarget.checked)}
              />
            </Group>
          </Group>
          <TextInput
            label="Amount"
            description="Commas between thousands, a dot for decimals: 1,000.50"
            value={state.amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={amountError}
            size="md"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
          />
          <Flex
            direction={{ base: 'column', xs: 'row' }}
            align={{ base: 'stretch', xs: 'flex-end' }}
            gap="xs"
          >
            <CurrencySelect
              label="From"
              value={state.from}
              onChange={setFrom}
              includeCrypto={state.showCrypto}
              includeMetals={state.showMetals}
              size="md"
              style={{ flex: 1, minWidth: 0 }}
            />
            {/* The browser's own tooltip: Mantine's Tooltip would add 8 KB gzipped to the landing page. */}
            <ActionIcon
              variant="light"
              size={42}
              radius="md"
              onClick={swap}
              aria-label="Swap currencies"
              title="Swap currencies"
              className={classes.swapButton}
            >
              <SwapIcon className={classes.swapIcon} />
            </ActionIcon>
            <CurrencySelect
              label="To"
              value={state.to}
              onChange={setTo}
              includeCrypto={state.showCrypto}
              includeMetals={state.showMetals}
              size="md"
              style={{ flex: 1, minWidth: 0 }}
            />
          </Flex>
          {unit && (
            <NativeSelect
              label="Metal measured in"
              data={METAL_UNIT_OPTIONS}
              value={unit}
              onChange={(event) => {
                if (isMetalUnit(event.currentTarget.value)) setUnit(event.currentTarget.value);
              }}
              size="md"
            />
          )}
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={state.converting}
            disabled={!canConvert && !state.converting}
          >
            {TEXTS.convert}
          </Button>
          {state.error && <ErrorAlert message={state.error} data-testid="convert-error" />}
          {state.quote && state.result !== null && amount !== null && (
            <ConversionResult
              amount={amount}
              from={state.from}
              to={state.to}
              result={state.result}
              quote={state.quote}
              unit={unit}
            />
          )}
        </Stack>
      </form>
    </Card>
  );
}
