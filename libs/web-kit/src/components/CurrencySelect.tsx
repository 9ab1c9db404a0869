import { Group, Select, type ComboboxItemGroup, type SelectProps } from '@mantine/core';
import { CURRENCIES, currencyLabel, type Currency } from '@fxrates/domain';
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

/** Searchable currency picker; options read "{flag} {symbol} - {name}". */
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
      renderOption={({ option }) => {
        const iconFile = byCode.get(option.value)?.iconFile;
        return (
          <Group gap={8} wrap="nowrap">
            {iconFile && (
              <img src={`/crypto-icons/${iconFile}`} width={18} height={18} alt="" loading="lazy" />
            )}
            <span>{option.label}</span>
          </Group>
        );
      }}
      value={value}
      onChange={(code) => {
        if (code) onChange(code);
      }}
    />
  );
}
