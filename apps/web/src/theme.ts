import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** A calm navy-teal brand; shade 8 keeps text on it above WCAG AA contrast. */
const brand: MantineColorsTuple = [
  '#e6f4f7',
  '#cfe6ec',
  '#a0ccd8',
  '#6cb0c2',
  '#4398b0',
  '#2a89a5',
  '#1a81a0',
  '#0b6e8b',
  '#0b4f6c',
  '#063f57',
];

/** System fonts only: nothing is loaded from outside (CSP, privacy, speed). */
const FONT_STACK =
  'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { withBorder: true, radius: 'md' } },
    // the placeholder is a focusable role="presentation" child of role="menu", which axe flags
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Mantine keeps a closed Select's list in the page (hidden) and positions it: the state and county lists,
    // a screen's filters, every option rendered and laid out with the first render. Built on opening instead
    // (docs/decisions/web-loading-and-budget.md); a closed list is never referenced (aria-controls is set only while it
    // is open).
    Select: { defaultProps: { comboboxProps: { keepMounted: false } } },
    MultiSelect: { defaultProps: { comboboxProps: { keepMounted: false } } },
    Autocomplete: { defaultProps: { comboboxProps: { keepMounted: false } } },
    // a Loader is a bare span: its aria-label needs a role to be allowed (and announced)
    Loader: { defaultProps: { role: 'status' } },
    // a coloured title on a light tint of the same colour falls below 4.5:1 for yellow, orange and teal;
    // the icon and the tint carry the colour, the title stays dark
    Alert: { styles: { title: { color: 'var(--mantine-color-text)', fontWeight: 650 } } },
  },
});

/**
 * Mantine's default "dimmed" grey and error red fall below 4.5:1 on light backgrounds; darker ones pass
 * WCAG AA.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c6570', '--mantine-color-error': '#c92a2a' },
  dark: {},
});
