import {
  DEFAULT_STATE,
  MEDICARE_ADVANTAGE,
  ProductSearchFormSchema,
  productYears,
  STATES,
  SUPPLIES_MESSAGES,
  type StateCode,
} from '@arc/contract';
import { Button, Group, NativeSelect, Paper, Select, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { suppliesQueries } from '../../api/supplies.ts';
import { businessTimeZone } from '../../config.ts';
import { initialPlace, type PlaceValue } from '../../ui/place-value.ts';
import { SingleCountyPicker } from '../../ui/state-county-fields.tsx';

/** Spec part 2 §9: the search starts on Medicare Advantage. */
const DEFAULT_PRODUCT_TYPE = MEDICARE_ADVANTAGE;

export type SearchRequest =
  | { kind: 'county'; year: number; countyId: string; countyLabel: string; state: StateCode }
  | { kind: 'state'; year: number; state: StateCode; productType: string };

const STATE_OPTIONS = STATES.map((s) => ({ value: s.code, label: s.label }));

export interface SearchFormValue {
  year: number;
  productType: string;
  place: PlaceValue;
  state: StateCode;
}

export function initialSearch(now: Date = new Date()): SearchFormValue {
  const years = productYears(now, businessTimeZone());
  return {
    year: years[0] ?? now.getFullYear(),
    productType: DEFAULT_PRODUCT_TYPE,
    place: initialPlace(DEFAULT_STATE),
    state: DEFAULT_STATE,
  };
}

export interface ProductSearchProps {
  value: SearchFormValue;
  onChange: (value: SearchFormValue) => void;
  onSearch: (request: SearchRequest) => void;
}

/**
 * Search step: Product Year, product type, then a county (Medicare Advantage) or a state (other types). The
 * values are the page's (kept while it shows carriers, plans and the cart): the form starts from them and writes
 * each change back.
 */
export function ProductSearch({ value, onChange, onSearch }: ProductSearchProps) {
  const types = useQuery(suppliesQueries.productTypes());
  const form = useForm<SearchFormValue>({
    mode: 'controlled',
    initialValues: value,
    validate: schemaResolver(ProductSearchFormSchema, { sync: true }),
    onValuesChange: onChange,
  });
  const years = productYears(new Date(), businessTimeZone());
  const values = form.getValues();
  const isMa = values.productType === MEDICARE_ADVANTAGE;

  const onSubmit = form.onSubmit((input) => {
    const search = ProductSearchFormSchema.parse(input);
    const county = search.place.counties[0];
    if (search.productType === MEDICARE_ADVANTAGE && county) {
      onSearch({
        kind: 'county',
        year: search.year,
        countyId: county.id,
        countyLabel: county.label,
        state: search.place.state,
      });
    } else {
      onSearch({ kind: 'state', year: search.year, state: search.state, productType: search.productType });
    }
  });

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={onSubmit} aria-label="Search supplies">
        <Stack gap="md">
          <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
            <NativeSelect
              label="Product Year"
              data={years.map(String)}
              value={String(values.year)}
              onChange={(event) => form.setFieldValue('year', Number(event.currentTarget.value))}
              miw={140}
            />
            <NativeSelect
              label="Product Type"
              data={(types.data ?? [{ name: DEFAULT_PRODUCT_TYPE }]).map((t) => t.name)}
              {...form.getInputProps('productType')}
              onChange={(event) => {
                // the other type asks for another field: the message of the one it hides goes too
                form.clearErrors();
                form.setFieldValue('productType', event.currentTarget.value);
              }}
              error={types.isError ? SUPPLIES_MESSAGES.productTypesFailed : undefined}
              miw={220}
            />
          </Group>
          {isMa ? (
            <SingleCountyPicker
              value={values.place}
              onChange={(place) => form.setFieldValue('place', place)}
              countyError={form.errors.place?.toString()}
            />
          ) : (
            <Select
              label="State"
              data={STATE_OPTIONS}
              {...form.getInputProps('state')}
              onChange={(state) => form.setFieldValue('state', (state as StateCode | null) ?? values.state)}
              searchable
              allowDeselect={false}
              maw={320}
            />
          )}
          <Group>
            <Button type="submit">Search</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
