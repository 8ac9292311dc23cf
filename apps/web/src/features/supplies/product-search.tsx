import {
  DEFAULT_STATE,
  MEDICARE_ADVANTAGE,
  productYears,
  STATES,
  SUPPLIES_MESSAGES,
  type StateCode,
} from '@arc/contract';
import { Button, Group, NativeSelect, Paper, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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

/** Search step: Product Year, product type, then a county (Medicare Advantage) or a state (other types). */
export function ProductSearch({ value, onChange, onSearch }: ProductSearchProps) {
  const types = useQuery(suppliesQueries.productTypes());
  const [error, setError] = useState<string | null>(null);
  const years = productYears(new Date(), businessTimeZone());
  const isMa = value.productType === MEDICARE_ADVANTAGE;

  const onSubmit = () => {
    if (isMa) {
      const county = value.place.counties[0];
      if (!county) return setError(SUPPLIES_MESSAGES.chooseCounty);
      onSearch({
        kind: 'county',
        year: value.year,
        countyId: county.id,
        countyLabel: county.label,
        state: value.place.state,
      });
    } else {
      if (!value.state) return setError(SUPPLIES_MESSAGES.chooseState);
      onSearch({ kind: 'state', year: value.year, state: value.state, productType: value.productType });
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        aria-label="Search supplies"
      >
        <Stack gap="md">
          <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
            <NativeSelect
              label="Product Year"
              data={years.map(String)}
              value={String(value.year)}
              onChange={(event) => onChange({ ...value, year: Number(event.currentTarget.value) })}
              miw={140}
            />
            <NativeSelect
              label="Product Type"
              data={(types.data ?? [{ name: DEFAULT_PRODUCT_TYPE }]).map((t) => t.name)}
              value={value.productType}
              onChange={(event) => {
                setError(null);
                onChange({ ...value, productType: event.currentTarget.value });
              }}
              error={types.isError ? SUPPLIES_MESSAGES.productTypesFailed : undefined}
              miw={220}
            />
          </Group>
          {isMa ? (
            <SingleCountyPicker
              value={value.place}
              onChange={(place) => {
                setError(null);
                onChange({ ...value, place });
              }}
              countyError={error ?? undefined}
            />
          ) : (
            <Select
              label="State"
              data={STATE_OPTIONS}
              value={value.state}
              onChange={(state) => {
                setError(null);
                onChange({ ...value, state: state ?? value.state });
              }}
              searchable
              allowDeselect={false}
              error={error ?? undefined}
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
