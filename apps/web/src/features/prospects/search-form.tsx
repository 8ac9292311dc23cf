import '@mantine/dates/styles.css';
import {
  PROSPECT_AGE_MAX,
  PROSPECT_AGE_MIN,
  PROSPECT_MESSAGES,
  STATES,
  type AgeRange,
  type StateCode,
} from '@arc/contract';
import { Alert, Button, Group, NativeSelect, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { prospectQueries } from '../../api/prospects.ts';
import { ChosenList, type ChosenItem } from './chosen-list.tsx';
import { addPostalCode } from './prospects-model.ts';

export type SearchKind = 'county' | 'zip';

export interface SearchFormState {
  state: StateCode;
  counties: ChosenItem[];
  zips: string[];
  age: number;
  datefrom: string;
  dateto: string;
}

export interface SearchFormProps {
  kind: SearchKind;
  form: SearchFormState;
  onChange: (next: SearchFormState) => void;
  ageRanges: AgeRange[] | undefined;
  isAgeRangeError: boolean;
  onBack: () => void;
  onRun: () => void;
  isRunning: boolean;
  onInvalidPostalCode: () => void;
}

const AGES = Array.from({ length: PROSPECT_AGE_MAX - PROSPECT_AGE_MIN + 1 }, (_, i) => String(PROSPECT_AGE_MIN + i));
const STATE_OPTIONS = STATES.map((s) => ({ value: s.code, label: s.label }));

/** Location, Age/Date Selection and Run List (visible once a county or postal code is chosen). */
export function SearchForm(props: SearchFormProps) {
  const { kind, form, onChange } = props;
  const hasChoice = kind === 'county' ? form.counties.length > 0 : form.zips.length > 0;

  const onAge = (value: string) => {
    const age = Number(value);
    const range = props.ageRanges?.find((r) => r.age === age);
    onChange({ ...form, age, ...(range ? { datefrom: range.datefrom, dateto: range.dateto } : {}) });
  };

  return (
    <Stack gap="md">
      <Group>
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden="true" />} onClick={props.onBack}>
          Back
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            {kind === 'county' ? 'County Search' : 'Postal Code Search'}
          </Title>
          {kind === 'county' ? (
            <CountyPicker form={form} onChange={onChange} />
          ) : (
            <PostalCodeEntry form={form} onChange={onChange} onInvalid={props.onInvalidPostalCode} />
          )}
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            Age/Date Selection
          </Title>
          {props.isAgeRangeError && (
            <Alert color="red" title="Error" mb="sm">
              {PROSPECT_MESSAGES.ageRangeFailed}
            </Alert>
          )}
          <Stack gap="sm">
            <NativeSelect
              label="Age"
              data={AGES}
              value={String(form.age)}
              onChange={(e) => onAge(e.currentTarget.value)}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <DatePickerInput
                label="From"
                valueFormat="M/D/YYYY"
                value={form.datefrom}
                maxDate={form.dateto}
                onChange={(value) => value && onChange({ ...form, datefrom: value })}
              />
              <DatePickerInput
                label="To"
                valueFormat="M/D/YYYY"
                value={form.dateto}
                minDate={form.datefrom}
                onChange={(value) => value && onChange({ ...form, dateto: value })}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
      </SimpleGrid>
      {hasChoice && (
        <Group>
          <Button size="md" onClick={props.onRun} loading={props.isRunning}>
            Run List
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** State and County dropdowns (counties that have prospects); a chosen county joins "Counties Selected". */
function CountyPicker({ form, onChange }: { form: SearchFormState; onChange: (next: SearchFormState) => void }) {
  const counties = useQuery(prospectQueries.counties(form.state));
  const [county, setCounty] = useState<string | null>(null);
  const onCounty = (id: string | null) => {
    setCounty(null);
    const found = counties.data?.find((c) => c.id === id);
    if (!found || form.counties.some((c) => c.value === found.id)) return;
    const label = `${found.label}, ${form.state}`;
    onChange({ ...form, counties: [...form.counties, { value: found.id, label }] });
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="State"
          data={STATE_OPTIONS}
          value={form.state}
          searchable
          allowDeselect={false}
          onChange={(value) => {
            // changing the state clears the county and reloads the list
            setCounty(null);
            if (value) onChange({ ...form, state: value as StateCode });
          }}
        />
        <Select
          label="County"
          placeholder={counties.isLoading ? 'Loading…' : 'Search for a county'}
          data={(counties.data ?? []).map((c) => ({ value: c.id, label: c.label }))}
          value={county}
          searchable
          nothingFoundMessage="No county of this state has prospects"
          onChange={onCounty}
        />
      </SimpleGrid>
      <ChosenList
        label="Counties Selected"
        items={form.counties}
        onRemove={(value) => onChange({ ...form, counties: form.counties.filter((c) => c.value !== value) })}
      />
    </Stack>
  );
}

function PostalCodeEntry(props: {
  form: SearchFormState;
  onChange: (next: SearchFormState) => void;
  onInvalid: () => void;
}) {
  const { form, onChange } = props;
  const [entry, setEntry] = useState('');
  const add = () => {
    const result = addPostalCode(form.zips, entry);
    if (!result.ok) {
      props.onInvalid();
      return;
    }
    onChange({ ...form, zips: result.codes });
    setEntry('');
  };
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label="Postal Code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          value={entry}
          onChange={(e) => setEntry(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          style={{ flex: 1 }}
        />
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={add}>
          Add
        </Button>
      </Group>
      <ChosenList
        label="Postal Codes Selected"
        items={form.zips.map((z) => ({ value: z, label: z }))}
        onRemove={(value) => onChange({ ...form, zips: form.zips.filter((z) => z !== value) })}
      />
    </Stack>
  );
}
