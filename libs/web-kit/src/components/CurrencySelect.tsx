import { Group, Select, type ComboboxItemGroup, type SelectProps } from '@mantine/core';
import { CURRENCIES, currencyIconPath, currencyLabel, type Currency } from '@fxrates/domain';
import { useMemo } from 'react';

export interface CurrencySelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string;
  onChange: (code: string) => void;
  /** Crypto assets are offered only when true. */
  includeCrypto?: boolean;
  /** The catalogue to choose from; defaults to the domain catalogue. */
  currencies?: readonly Currency[];
}

function toGroup(
  group: string,
  currencies: readonly Currency[],
): ComboboxItemGroup<{ value: string; label: string }> {
  return {
    group,
    items: currencies.map((currency) => ({ value: currency.code, label: currencyLabel(currency) })),
  };
}

/**
 * The currency's flag or logo: a static SVG file loaded by URL when it comes into view, so that no
 * icon set is bundled into JavaScript. Decorative: the text next to it names the currency.
 */
function CurrencyIcon({ currency }: { currency: Currency | undefined }) {
  if (!currency) return null;
  const fiat = currency.type === 'fiat';
  return (
    <img
      src={currencyIconPath(currency)}
      width={fiat ? 20 : 18}
      height={fiat ? 15 : 18}
      alt=""
      loading="lazy"
      data-currency-icon={currency.code}
      style={{ flex: 'none', borderRadius: fiat ? 2 : '50%', objectFit: 'cover' }}
    />
  );
}

/** Searchable currency picker; options read "{flag} {symbol} - {name}", the flag an SVG image. */
export function CurrencySelect({
  value,
  onChange,
  includeCrypto = false,
  currencies = CURRENCIES,
  ...selectProps
}: CurrencySelectProps) {
  const data = useMemo(() => {
    const fiat = currencies.filter((currency) => currency.type === 'fiat');
    const crypto = currencies.filter((currency) => currency.type === 'crypto');
    return includeCrypto
      ? [toGroup('Fiat currencies', fiat), toGroup('Crypto', crypto)]
      : [toGroup('Fiat currencies', fiat)];
  }, [currencies, includeCrypto]);

  const byCode = useMemo(() => new Map(currencies.map((c) => [c.code, c])), [currencies]);

  return (
    <Select
      searchable
      allowDeselect={false}
      nothingFoundMessage="No currency found"
      maxDropdownHeight={320}
      comboboxProps={{ shadow: 'md', transitionProps: { transition: 'pop', duration: 120 } }}
      {...selectProps}
      data={data}
      leftSection={<CurrencyIcon currency={byCode.get(value)} />}
      renderOption={({ option }) => (
        <Group gap={8} wrap="nowrap">
          <CurrencyIcon currency={byCode.get(option.value)} />
          <span>{option.label}</span>
        </Group>
      )}
      value={value}
      onChange={(code) => {
        if (code) onChange(code);
      }}
    />
  );
}
