import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
  headings: { fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, system-ui, sans-serif', fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { withBorder: true, radius: 'md' } },
  },
});
