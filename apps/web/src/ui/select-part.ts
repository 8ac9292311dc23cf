// Mantine's Select alone (with the combobox and the positioning library behind its dropdown), for the deferred
// select to load after the screen (decision 059)
export { Select } from '@mantine/core';
