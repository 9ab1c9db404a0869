import { Group, Select, type ComboboxItemGroup, type SelectProps } from '@mantine/core';
import { CURRENCIES, currencyLabel, type Currency } from '@fxrates/domain';
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { CurrencyIcon } from './CurrencyIcon';
import type { PickerHandover } from './CurrencySelectStandIn';

export interface SearchableCurrencySelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string;
  onChange: (code: string) => void;
  /** Crypto assets are offered only when true. */
  includeCrypto?: boolean;
  /** Metals (XAU, XAG, XPT, XPD, per troy ounce) are offered only when true. */
  includeMetals?: boolean;
  /** The catalogue to choose from; defaults to the domain catalogue. */
  currencies?: readonly Currency[];
  /** What the user was doing in the stand-in this picker replaces: focus, typed text, caret. */
  handover?: PickerHandover;
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
 * Searchable currency picker; options read "{flag} {symbol} - {name}", the flag an SVG image.
 * Loaded on first use (see CurrencySelect): Mantine's Select brings Combobox, Popover, ScrollArea
 * and floating-ui, which the landing page's first paint does not need.
 */
export function SearchableCurrencySelect({
  value,
  onChange,
  includeCrypto = false,
  includeMetals = false,
  currencies = CURRENCIES,
  handover,
  ...selectProps
}: SearchableCurrencySelectProps) {
  const data = useMemo(() => {
    const ofType = (type: Currency['type']) => currencies.filter((currency) => currency.type === type);
    return [
      toGroup('Fiat currencies', ofType('fiat')),
      ...(includeCrypto ? [toGroup('Crypto', ofType('crypto'))] : []),
      ...(includeMetals ? [toGroup('Metals (troy ounce)', ofType('metal'))] : []),
    ];
  }, [currencies, includeCrypto, includeMetals]);

  const byCode = useMemo(() => new Map(currencies.map((c) => [c.code, c])), [currencies]);

  // The search text is controlled only so that text typed into the stand-in carries over.
  const chosen = byCode.get(value);
  const [search, setSearch] = useState(handover?.text ?? (chosen ? currencyLabel(chosen) : ''));
  const input = useRef<HTMLInputElement>(null);

  // Focus moves in the same task as the swap, before a further key press can get lost; the
  // handed-over picker starts open, as a focused Select is.
  useLayoutEffect(() => {
    const field = input.current;
    if (!handover || !field) return;
    field.focus();
    const [start, end, direction] = handover.selection;
    if (start !== null && end !== null) field.setSelectionRange(start, end, direction ?? undefined);
  }, [handover]);

  // Select's own mount effect resets the search to the chosen option's label: a child's effects
  // run before its parent's, so this restores what the user typed.
  useEffect(() => {
    if (handover) setSearch(handover.text);
  }, [handover]);

  // Select's input names its list (aria-expanded, aria-controls) from an id that the list records
  // after it mounts, without rendering the input again: a picker that starts open renders again
  // until its input names the list.
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!handover) return;
    let frame = 0;
    let frames = 0;
    const untilNamed = () => {
      if (input.current?.getAttribute('aria-expanded') === 'true' || frames++ > 60) return;
      renderAgain();
      frame = requestAnimationFrame(untilNamed);
    };
    frame = requestAnimationFrame(untilNamed);
    return () => cancelAnimationFrame(frame);
  }, [handover]);

  return (
    <Select
      searchable
      allowDeselect={false}
      nothingFoundMessage="No currency found"
      maxDropdownHeight={320}
      comboboxProps={{ shadow: 'md', transitionProps: { transition: 'pop', duration: 120 } }}
      {...selectProps}
      ref={input}
      defaultDropdownOpened={handover !== undefined}
      data={data}
      searchValue={search}
      onSearchChange={setSearch}
      leftSection={<CurrencyIcon currency={chosen} />}
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
