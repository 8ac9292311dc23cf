import { ActionIcon, Group, Input, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import classes from './prospects.module.css';

export interface PostalCodeFilterProps {
  codes: string[];
  excluded: ReadonlySet<string>;
  onChange: (excluded: Set<string>) => void;
}

/** Filter Postal Codes: the results' codes in an include and an exclude list; arrow buttons move the selected codes. */
export function PostalCodeFilter({ codes, excluded, onChange }: PostalCodeFilterProps) {
  const id = useId();
  const [pickedIn, setPickedIn] = useState<string[]>([]);
  const [pickedOut, setPickedOut] = useState<string[]>([]);
  const included = codes.filter((c) => !excluded.has(c));
  const out = codes.filter((c) => excluded.has(c));
  const selected = (el: HTMLSelectElement) => Array.from(el.selectedOptions, (o) => o.value);

  return (
    <Stack gap={4}>
      <Text fw={600} size="sm" id={`${id}-title`}>
        Filter Postal Codes
      </Text>
      <Group gap="xs" align="center" wrap="nowrap" role="group" aria-labelledby={`${id}-title`}>
        <Input.Wrapper label="Include" labelProps={{ htmlFor: `${id}-in` }}>
          <select
            id={`${id}-in`}
            multiple
            size={5}
            className={classes.listbox}
            value={pickedIn}
            onChange={(e) => setPickedIn(selected(e.currentTarget))}
          >
            {included.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Input.Wrapper>
        <Stack gap={6}>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label="Move selected postal codes to Exclude"
            disabled={pickedIn.length === 0}
            onClick={() => {
              onChange(new Set([...excluded, ...pickedIn]));
              setPickedIn([]);
            }}
          >
            <IconArrowRight size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label="Move selected postal codes to Include"
            disabled={pickedOut.length === 0}
            onClick={() => {
              onChange(new Set([...excluded].filter((c) => !pickedOut.includes(c))));
              setPickedOut([]);
            }}
          >
            <IconArrowLeft size={18} aria-hidden="true" />
          </ActionIcon>
        </Stack>
        <Input.Wrapper label="Exclude" labelProps={{ htmlFor: `${id}-out` }}>
          <select
            id={`${id}-out`}
            multiple
            size={5}
            className={classes.listbox}
            value={pickedOut}
            onChange={(e) => setPickedOut(selected(e.currentTarget))}
          >
            {out.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Input.Wrapper>
      </Group>
    </Stack>
  );
}
