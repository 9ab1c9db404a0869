/**
 * How PayPal's Smart Payment Button looks for the `style` a page passes to `paypal.Buttons` (PayPal's
 * button style guide), for the SDK stand-in (sdk-stand-in-script.ts) to draw it without loading
 * anything from PayPal: the colour (gold #FFC439 by default, blue, silver, white, black), the shape
 * (rect by default, pill, sharp), the label ("Pay with PayPal", "PayPal Subscribe", the wordmark
 * alone…) with the wordmark in PayPal's blues on light buttons and white on dark ones.
 */
export interface ButtonStyle {
  layout?: 'vertical' | 'horizontal';
  color?: 'gold' | 'blue' | 'silver' | 'white' | 'black';
  shape?: 'rect' | 'pill' | 'sharp';
  label?: 'paypal' | 'checkout' | 'buynow' | 'pay' | 'subscribe' | 'donate';
  tagline?: boolean;
  height?: number;
}

/** A colour of button: its fill (and when hovered), border, the wordmark's "Pay" and "Pal", other words. */
export interface ButtonColors {
  background: string;
  hoverBackground: string;
  border: string;
  pay: string;
  pal: string;
  text: string;
}

const DARK_BLUE = '#003087';
const LIGHT_BLUE = '#009cde';

export const BUTTON_COLORS: Record<NonNullable<ButtonStyle['color']>, ButtonColors> = {
  gold: {
    background: '#FFC439',
    hoverBackground: '#F2BA36',
    border: '#FFC439',
    pay: DARK_BLUE,
    pal: LIGHT_BLUE,
    text: '#111111',
  },
  blue: {
    background: '#0070BA',
    hoverBackground: '#003087',
    border: '#0070BA',
    pay: '#FFFFFF',
    pal: '#FFFFFF',
    text: '#FFFFFF',
  },
  silver: {
    background: '#EEEEEE',
    hoverBackground: '#E2E2E2',
    border: '#EEEEEE',
    pay: DARK_BLUE,
    pal: LIGHT_BLUE,
    text: '#111111',
  },
  white: {
    background: '#FFFFFF',
    hoverBackground: '#F2F2F2',
    border: '#555555',
    pay: DARK_BLUE,
    pal: LIGHT_BLUE,
    text: '#111111',
  },
  black: {
    background: '#2C2E2F',
    hoverBackground: '#000000',
    border: '#2C2E2F',
    pay: '#FFFFFF',
    pal: '#FFFFFF',
    text: '#FFFFFF',
  },
};

/** The words before and after the wordmark for each label: "Pay with PayPal", "PayPal Subscribe". */
export const BUTTON_LABELS: Record<NonNullable<ButtonStyle['label']>, [string, string]> = {
  paypal: ['', ''],
  checkout: ['', 'Checkout'],
  buynow: ['', 'Buy Now'],
  pay: ['Pay with', ''],
  subscribe: ['', 'Subscribe'],
  donate: ['', 'Donate'],
};
