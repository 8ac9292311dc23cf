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

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand },
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, system-ui, sans-serif',
  headings: {
    fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, system-ui, sans-serif',
    fontWeight: '650',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { withBorder: true, radius: 'md' } },
    // light alert titles in yellow/orange fall below 4.5:1; the icon and border carry the colour
    Alert: { styles: { title: { color: 'var(--mantine-color-dark-8)' } } },
  },
});

/** Mantine's default "dimmed" grey falls below 4.5:1 on light backgrounds; a darker one passes WCAG AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c6570' },
  dark: {},
});
