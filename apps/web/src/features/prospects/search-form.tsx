import '@mantine/dates/styles.css';
import {
  addMonths,
  PROSPECT_AGE_MAX,
  PROSPECT_AGE_MIN,
  PROSPECT_MAX_RANGE_MONTHS,
  PROSPECT_MESSAGES,
  type AgeRange,
} from '@arc/contract';
import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { fetchPostalCode } from '../../api/places.ts';
import { prospectQueries } from '../../api/prospects.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { StateCountyPicker, type PlaceValue } from '../../ui/state-county-picker.tsx';
import { ChosenList } from './chosen-list.tsx';
import { addPostalCode } from './prospects-model.ts';

export type SearchKind = 'county' | 'zip';

export interface SearchFormState {
  place: PlaceValue;
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
  /** a postal code that cannot be added: the page's message dialog says why */
  onPostalCodeProblem: (message: { title: string; text: string }) => void;
}

const AGES = Array.from({ length: PROSPECT_AGE_MAX - PROSPECT_AGE_MIN + 1 }, (_, i) => String(PROSPECT_AGE_MIN + i));

/** Location, Age/Date Selection and Run List (visible once a county or postal code is chosen). */
export function SearchForm(props: SearchFormProps) {
  const { kind, form, onChange } = props;
  const hasChoice = kind === 'county' ? form.place.counties.length > 0 : form.zips.length > 0;

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
            <StateCountyPicker
              value={form.place}
              onChange={(place) => onChange({ ...form, place })}
              countyLabel="Counties Selected"
              countiesQuery={prospectQueries.counties}
              noCountiesMessage={PROSPECT_MESSAGES.noProspectsInState}
            />
          ) : (
            <PostalCodeEntry form={form} onChange={onChange} onProblem={props.onPostalCodeProblem} />
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
                // the server takes at most 13 months (dateRangeProblem)
                minDate={addMonths(form.dateto, -PROSPECT_MAX_RANGE_MONTHS)}
                onChange={(value) => value && onChange({ ...form, datefrom: value })}
              />
              <DatePickerInput
                label="To"
                valueFormat="M/D/YYYY"
                value={form.dateto}
                minDate={form.datefrom}
                maxDate={addMonths(form.datefrom, PROSPECT_MAX_RANGE_MONTHS)}
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

/**
 * Postal Code and Add: five digits (spec §5), at most 50 (what a search takes), and a real US postal code, asked of
 * the server as it is added, so the run never fails on a code the list cannot hold.
 */
function PostalCodeEntry(props: {
  form: SearchFormState;
  onChange: (next: SearchFormState) => void;
  onProblem: (message: { title: string; text: string }) => void;
}) {
  const { form, onChange, onProblem } = props;
  const [entry, setEntry] = useState('');
  const check = useSubmit({ mutationFn: fetchPostalCode });
  const add = () => {
    if (check.isPending) return;
    const result = addPostalCode(form.zips, entry);
    if (!result.ok) {
      onProblem(
        result.reason === 'too-many'
          ? { title: PROSPECT_MESSAGES.tooManyPostalCodesTitle, text: PROSPECT_MESSAGES.tooManyPostalCodes }
          : { title: PROSPECT_MESSAGES.postalCodeInvalidTitle, text: PROSPECT_MESSAGES.postalCodeInvalid },
      );
      return;
    }
    if (!result.isNew) {
      setEntry('');
      return;
    }
    check.mutate(result.code, {
      onSuccess: () => {
        onChange({ ...form, zips: result.codes });
        // what was typed meanwhile stays
        setEntry((current) => (current.trim() === result.code ? '' : current));
      },
      onError: (err) =>
        onProblem(
          err instanceof ApiError && err.status === 404
            ? {
                title: PROSPECT_MESSAGES.postalCodeUnknownTitle,
                text: PROSPECT_MESSAGES.postalCodeUnknown(result.code),
              }
            : { title: 'Error', text: PROSPECT_MESSAGES.postalCodeCheckFailed },
        ),
    });
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
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={add}
          loading={check.isPending}
        >
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
