import {
  createTheme,
  type AnchorProps,
  type CodeProps,
  type MantineTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type ModalProps,
} from '@mantine/core';

/** Brand blue, from the lightest tint (0) to the deepest shade (9). */
const brand: MantineColorsTuple = [
  '#eaf1ff',
  '#d3e0fd',
  '#a5bff6',
  '#749cf0',
  '#4b7eea',
  '#316be7',
  '#2161e6',
  '#1251cd',
  '#0747b8',
  '#003da3',
];

/** Deep navy used for the hero and the footer. */
const navy: MantineColorsTuple = [
  '#eef2f8',
  '#dbe2ee',
  '#b3c3de',
  '#88a2ce',
  '#6586c0',
  '#4f74b8',
  '#436bb5',
  '#35599f',
  '#2c4f8f',
  '#0b1f3f',
];

const systemFonts =
  'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji"';

/**
 * The one width of page content across the shell (top bar, footer) and every remote's pages:
 * Mantine's `lg` container (1140 px). Forms that the spec gives a narrower maximum (sign-in 400,
 * sign-up 600) narrow inside it.
 */
export const CONTENT_WIDTH = 'lg';

export const fxratesTheme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand, navy },
  fontFamily: systemFonts,
  fontFamilyMonospace: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace',
  headings: { fontFamily: systemFonts, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  black: '#0f1b2d',
  // Plain objects, not `Modal.extend(...)` (the same object, typed): importing a component for
  // its `extend` puts it in every page's first load, and Modal alone brings ScrollArea and
  // floating-ui, 25 KB gzipped that the landing page does not use.
  components: {
    // A link inside a sentence must not be told apart by its colour alone (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } satisfies Partial<AnchorProps> },
    // The × of a dialog is a button: it needs a name for screen readers.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps> },
    // A block of code wraps its long lines (URLs break anywhere) instead of running past the edge
    // of a phone's screen, where a hidden horizontal scroll would hide the end of the line.
    Code: {
      styles: (_theme: MantineTheme, props: CodeProps) =>
        props.block ? { root: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } : {},
    },
  },
  other: {
    heroGradient: 'linear-gradient(135deg, #0b1f3f 0%, #123a7a 55%, #1251cd 100%)',
  },
});

/**
 * Mantine's "dimmed" text is gray 6, 3.3:1 on white: below WCAG AA's 4.5:1 for body text. Gray 7
 * (8:1) keeps it visibly secondary and readable. Its error colour, red 6 (3.2:1), paints a field's
 * error message and the text typed into a field in error: red 8 (5.7:1). Given to every
 * MantineProvider.
 */
export const fxratesCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});
