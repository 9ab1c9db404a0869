import { ComboboxChevron, InputBase, type SelectProps } from '@mantine/core';
import { currencyLabel, type Currency } from '@fxrates/domain';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { CurrencyIcon } from './CurrencyIcon';

/** What the user was doing in the stand-in when the real picker replaces it. */
export interface PickerHandover {
  /** The field's text: the chosen currency's label, or what the user typed over it. */
  text: string;
  /** Caret or selected range, as `setSelectionRange` takes it. */
  selection: [number | null, number | null, 'forward' | 'backward' | 'none' | null];
}

export interface StandInHandle {
  /** The user's interaction in progress; undefined when the field does not have focus. */
  handover(): PickerHandover | undefined;
}

/** The props of a picker that shape how it looks: the stand-in shows them as Select would. */
const LOOK_PROPS = [
  'label',
  'description',
  'error',
  'size',
  'radius',
  'style',
  'className',
  'disabled',
  'required',
  'withAsterisk',
  'placeholder',
  'aria-label',
] as const satisfies readonly (keyof SelectProps)[];

export type StandInLookProps = Pick<SelectProps, (typeof LOOK_PROPS)[number]>;

/** The look props among a picker's props (the others are Select's behaviour, not the input's). */
export function lookOf(props: StandInLookProps): StandInLookProps {
  return Object.fromEntries(
    LOOK_PROPS.filter((name) => props[name] !== undefined).map((name) => [name, props[name]]),
  ) as StandInLookProps;
}

export interface CurrencySelectStandInProps extends StandInLookProps {
  id: string;
  currency: Currency | undefined;
  /** Called on every sign that the user is about to use the picker (hover, focus, press, key). */
  onIntent: () => void;
  handle: Ref<StandInHandle>;
}

/**
 * What the landing page paints before the searchable picker's code has arrived: Mantine's input
 * with the same label, icon, text and chevron as Select, so nothing moves when it is swapped, and
 * the same role and name for assistive technology. It accepts focus and typing; CurrencySelect
 * hands both over to the real picker.
 */
export function CurrencySelectStandIn({
  id,
  currency,
  onIntent,
  handle,
  size,
  ...look
}: CurrencySelectStandInProps) {
  const label = currency ? currencyLabel(currency) : '';
  const [typed, setTyped] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useImperativeHandle(
    handle,
    () => ({
      handover() {
        const field = input.current;
        if (!field || field.ownerDocument.activeElement !== field) return undefined;
        return {
          text: field.value,
          selection: [field.selectionStart, field.selectionEnd, field.selectionDirection],
        };
      },
    }),
    [],
  );

  return (
    <InputBase
      {...look}
      ref={input}
      id={id}
      size={size}
      __staticSelector="Select"
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      value={typed ?? label}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        onIntent();
      }}
      // Like Select: leaving the field drops an unfinished search.
      onBlur={() => setTyped(null)}
      onFocus={(event) => {
        // As the real picker does: the shown currency is selected, so that typing replaces it.
        if (typed === null) event.currentTarget.select();
        onIntent();
      }}
      onMouseDown={(event) => {
        if (typed !== null) return;
        const field = event.currentTarget;
        event.preventDefault();
        field.focus();
        field.select();
      }}
      onPointerDown={onIntent}
      onPointerEnter={onIntent}
      onKeyDown={onIntent}
      leftSection={<CurrencyIcon currency={currency} />}
      rightSection={<ComboboxChevron size={size} />}
      rightSectionPointerEvents="none"
    />
  );
}
