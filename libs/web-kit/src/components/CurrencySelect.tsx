import { CURRENCIES } from '@fxrates/domain';
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import {
  CurrencySelectStandIn,
  lookOf,
  type PickerHandover,
  type StandInHandle,
} from './CurrencySelectStandIn';
import type { SearchableCurrencySelectProps } from './SearchableCurrencySelect';

export type CurrencySelectProps = Omit<SearchableCurrencySelectProps, 'handover'>;

type SearchablePicker = ComponentType<SearchableCurrencySelectProps>;

/**
 * Name of the User Timing mark set when the browser, idle after the first paint, starts fetching
 * the searchable picker: the landing page's first-load measurement ends there
 * (e2e/specs/landing-performance.e2e.ts).
 */
export const PICKER_PRELOAD_MARK = 'fxrates:currency-picker-preload';

let loadedPicker: SearchablePicker | null = null;
let pendingPicker: Promise<void> | null = null;
/** The mounted stand-ins, waiting to be swapped for the real picker. */
const swapWhenLoaded = new Set<(picker: SearchablePicker) => void>();

/** Fetches the searchable picker once and swaps every stand-in for it. */
function loadSearchablePicker(): void {
  if (loadedPicker || pendingPicker) return;
  pendingPicker = import('./SearchableCurrencySelect').then(
    (module) => {
      loadedPicker = module.SearchableCurrencySelect;
      for (const swap of [...swapWhenLoaded]) swap(loadedPicker);
    },
    () => {
      // Offline or a failed deployment: the stand-in stays, and the next hover, focus or key press tries again.
      pendingPicker = null;
    },
  );
}

let preloadScheduled = false;

/** Once per page: fetch the picker when the page has loaded and the browser has nothing else to do. */
function preloadWhenIdle(): void {
  if (preloadScheduled) return;
  preloadScheduled = true;
  const preload = () => {
    if (loadedPicker || pendingPicker) return;
    performance.mark(PICKER_PRELOAD_MARK);
    loadSearchablePicker();
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(preload, { timeout: 3_000 })
      : setTimeout(preload, 200);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * Searchable currency picker; options read "{flag} {symbol} - {name}", the flag an SVG image.
 *
 * Mantine's Select and its dropdown machinery (Combobox, Popover, OptionsDropdown) are JavaScript
 * that the landing page's first paint does not need. Until it has loaded, a stand-in
 * that looks and announces itself the same is shown; the real picker is fetched when the browser is
 * idle after the first paint, or as soon as the user hovers, focuses, presses or types in the
 * stand-in. The swap keeps focus, typed text and caret, and the picker then starts open, as a
 * focused Select is.
 */
export function CurrencySelect({
  id,
  value,
  onChange,
  includeCrypto = false,
  includeMetals = false,
  currencies = CURRENCIES,
  ...selectProps
}: CurrencySelectProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const standIn = useRef<StandInHandle>(null);
  const [picker, setPicker] = useState<{ Picker: SearchablePicker; handover?: PickerHandover } | null>(() =>
    loadedPicker ? { Picker: loadedPicker } : null,
  );

  useEffect(() => {
    if (picker) return;
    if (loadedPicker) {
      setPicker({ Picker: loadedPicker });
      return;
    }
    const swap = (Picker: SearchablePicker) => {
      // Read what the user is doing and swap in the same task, so that no key press falls in between.
      const handover = standIn.current?.handover();
      flushSync(() => setPicker({ Picker, handover }));
    };
    swapWhenLoaded.add(swap);
    preloadWhenIdle();
    return () => {
      swapWhenLoaded.delete(swap);
    };
  }, [picker]);

  if (picker) {
    const { Picker, handover } = picker;
    return (
      <Picker
        {...selectProps}
        id={fieldId}
        value={value}
        onChange={onChange}
        includeCrypto={includeCrypto}
        includeMetals={includeMetals}
        currencies={currencies}
        handover={handover}
      />
    );
  }
  return (
    <CurrencySelectStandIn
      {...lookOf(selectProps)}
      id={fieldId}
      handle={standIn}
      currency={currencies.find((currency) => currency.code === value)}
      onIntent={loadSearchablePicker}
    />
  );
}
