import '@mantine/dates/styles.css';
import {
  addMonths,
  PROSPECT_AGE_MAX,
  PROSPECT_AGE_MIN,
  PROSPECT_MAX_RANGE_MONTHS,
  PROSPECT_MESSAGES,
  ProspectsCountyFormSchema,
  ProspectsZipFormSchema,
  type AgeRange,
} from '@arc/contract';
import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
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
  /** Run List, once the form's schema passes */
  onRun: () => void;
  isRunning: boolean;
  /** a postal code that cannot be added, or a search that cannot run: the page's message dialog says why */
  onProblem: (message: { title: string; text: string }) => void;
}

const AGES = Array.from({ length: PROSPECT_AGE_MAX - PROSPECT_AGE_MIN + 1 }, (_, i) => String(PROSPECT_AGE_MIN + i));

/**
 * Location, Age/Date Selection and Run List (visible once a county or postal code is chosen). The values are the
 * page's (in the address for Back, Forward and reload): the form starts from them and writes each change back.
 */
export function SearchForm(props: SearchFormProps) {
  const { kind } = props;
  const form = useForm<SearchFormState>({
    mode: 'controlled',
    initialValues: props.form,
    validate: schemaResolver(kind === 'county' ? ProspectsCountyFormSchema : ProspectsZipFormSchema, { sync: true }),
    onValuesChange: props.onChange,
  });
  const values = form.getValues();
  const hasChoice = kind === 'county' ? values.place.counties.length > 0 : values.zips.length > 0;

  const onAge = (value: string) => {
    const age = Number(value);
    const range = props.ageRanges?.find((r) => r.age === age);
    form.setValues({ age, ...(range ? { datefrom: range.datefrom, dateto: range.dateto } : {}) });
  };

  // the spec says why a search cannot run in a dialog, the missing place first, not under the fields
  const onRun = form.onSubmit(props.onRun, (errors) => {
    form.clearErrors();
    const missing = errors['place.counties'] ?? errors.zips;
    props.onProblem(
      missing
        ? kind === 'county'
          ? { title: PROSPECT_MESSAGES.missingCountyTitle, text: PROSPECT_MESSAGES.missingCounty }
          : { title: PROSPECT_MESSAGES.missingZipTitle, text: PROSPECT_MESSAGES.missingZip }
        : { title: 'Error', text: String(errors.dateto ?? errors.datefrom) },
    );
  });

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
              value={values.place}
              onChange={(place) => form.setFieldValue('place', place)}
              countyLabel="Counties Selected"
              countiesQuery={prospectQueries.counties}
              noCountiesMessage={PROSPECT_MESSAGES.noProspectsInState}
            />
          ) : (
            <PostalCodeEntry
              zips={values.zips}
              onChange={(zips) => form.setFieldValue('zips', zips)}
              onProblem={props.onProblem}
            />
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
              value={String(values.age)}
              onChange={(e) => onAge(e.currentTarget.value)}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <DatePickerInput
                label="From"
                valueFormat="M/D/YYYY"
                value={values.datefrom}
                maxDate={values.dateto}
                // the server takes at most 13 months (dateRangeProblem)
                minDate={addMonths(values.dateto, -PROSPECT_MAX_RANGE_MONTHS)}
                onChange={(value) => value && form.setFieldValue('datefrom', value)}
              />
              <DatePickerInput
                label="To"
                valueFormat="M/D/YYYY"
                value={values.dateto}
                minDate={values.datefrom}
                maxDate={addMonths(values.datefrom, PROSPECT_MAX_RANGE_MONTHS)}
                onChange={(value) => value && form.setFieldValue('dateto', value)}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
      </SimpleGrid>
      {hasChoice && (
        <Group>
          <Button size="md" onClick={() => onRun()} loading={props.isRunning}>
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
  zips: string[];
  onChange: (zips: string[]) => void;
  onProblem: (message: { title: string; text: string }) => void;
}) {
  const { zips, onChange, onProblem } = props;
  const [entry, setEntry] = useState('');
  const check = useSubmit({ mutationFn: fetchPostalCode });
  const add = () => {
    if (check.isPending) return;
    const result = addPostalCode(zips, entry);
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
        onChange(result.codes);
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
        items={zips.map((z) => ({ value: z, label: z }))}
        onRemove={(value) => onChange(zips.filter((z) => z !== value))}
      />
    </Stack>
  );
}
