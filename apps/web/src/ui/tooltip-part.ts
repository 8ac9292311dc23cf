// Mantine's tooltip alone, for the deferred tooltip to load after the screen (decision 058)
export { Tooltip } from '@mantine/core';
