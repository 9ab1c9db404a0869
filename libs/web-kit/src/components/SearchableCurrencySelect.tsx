import { Group, Select, type ComboboxItemGroup, type SelectProps } from '@mantine/core';
import { CURRENCIES, currencyLabel, type Currency } from '@fxrates/domain';
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { CurrencyIcon } from './CurrencyIcon';
import type { PickerHandover } from './CurrencySelectStandIn';
import { currencyOptionsFilter } from './currency-search';

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
  const chosenLabel = chosen ? currencyLabel(chosen) : '';
  const [search, setSearch] = useState(handover?.text ?? chosenLabel);
  const input = useRef<HTMLInputElement>(null);

  // While the field shows the chosen currency, all of it is selected: what one types replaces it
  // (rather than landing inside "EUR - Euro" where the click put the caret).
  const selectShownChoice = (field: HTMLInputElement) => {
    if (field.value === chosenLabel) field.select();
  };

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
      selectFirstOptionOnChange
      filter={currencyOptionsFilter}
      {...selectProps}
      ref={input}
      defaultDropdownOpened={handover !== undefined}
      data={data}
      searchValue={search}
      onSearchChange={setSearch}
      onFocus={(event) => {
        selectShownChoice(event.currentTarget);
        selectProps.onFocus?.(event);
      }}
      onMouseDown={(event) => {
        // A press would put the caret where it lands, inside the label: the whole label is selected instead.
        const field = event.currentTarget;
        if (field.value === chosenLabel) {
          event.preventDefault();
          field.focus();
          field.select();
        }
        selectProps.onMouseDown?.(event);
      }}
      onKeyDown={(event) => {
        // Enter picks the best match even when it comes before the list has marked one (Mantine
        // marks the first match in an effect after the render that filtered the list): a fast
        // typist's "GBP⏎" picks British Pound rather than leaving "GBP" in the field.
        if (event.key === 'Enter') {
          const listId = event.currentTarget.getAttribute('aria-controls');
          const list = listId ? document.getElementById(listId) : null;
          const first = list?.querySelector<HTMLElement>('[role="option"]');
          if (first && !list?.querySelector('[data-combobox-selected]')) {
            event.preventDefault();
            first.click();
          }
        }
        // Escape gives up the search: the field shows the chosen currency again, ready to be typed over.
        if (event.key === 'Escape') {
          const field = event.currentTarget;
          setSearch(chosenLabel);
          requestAnimationFrame(() => field.select());
        }
        selectProps.onKeyDown?.(event);
      }}
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
