import { STATES, type County, type StateCode } from '@arc/contract';
import { Group, Select } from '@mantine/core';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useMemo, useState, type ComponentType } from 'react';
import { placesQueries } from '../api/places.ts';
import { MessageDialog } from './message-dialog.tsx';
import type { PlaceValue } from './place-value.ts';

/** The spec's message when the county list failed to load. */
export const COUNTIES_FAILED_MESSAGE = 'Failed to fetch counties';

const STATE_OPTIONS = STATES.map((s) => ({ value: s.code, label: s.label }));

export interface StateCountyPickerProps {
  value: PlaceValue;
  onChange: (value: PlaceValue) => void;
  /** several counties (prospects, default) or exactly one (supplies' Medicare Advantage search) */
  multiple?: boolean;
  stateLabel?: string;
  countyLabel?: string;
  /** the county field's error text (e.g. the area's own "choose a county" validation) */
  countyError?: string;
  disabled?: boolean;
  /** where a state's counties come from (default every county, `GET /arc/counties/:state`; prospects pass the
   * counties that have prospects, `GET /arc/t65/counties/:state`) */
  countiesQuery?: (state: StateCode) => UseQueryOptions<County[], Error, County[], string[]>;
  /** what the county field says when the state has no county to choose (prospects: no prospects there) */
  noCountiesMessage?: (stateName: string) => string;
}

/** What the county field gets: the ids chosen, in order, and the field's label, options and state. */
export interface CountyFieldProps {
  label: string;
  data: { value: string; label: string }[];
  ids: string[];
  onPick: (ids: string[]) => void;
  placeholder: string;
  disabled: boolean;
  onDropdownOpen: () => void;
  error: string | undefined;
  /** the dropdown's text when no county matches (or the state has none) */
  nothingFoundMessage: string;
}

/**
 * The county field of the one-county picker: a searchable, clearable select (drawn first as a stand-in,
 * docs/decisions/web-loading-and-budget.md).
 */
export function SingleCountyField({ ids, onPick, ...field }: CountyFieldProps) {
  return (
    <Select
      {...field}
      value={ids[0] ?? null}
      onChange={(id) => onPick(id ? [id] : [])}
      searchable
      clearable
      miw={240}
    />
  );
}

/**
 * State dropdown + county field (prospects, supplies): changing the state clears the chosen counties and
 * loads the new state's list (`GET /arc/counties/:state`, cached per state). A failed load shows the spec's
 * "Failed to fetch counties" dialog titled Error. `countyField` draws the county field: one county here
 * ({@link SingleCountyField}, without the multi-select's code), several in `ui/state-county-picker.tsx`.
 */
export function StateCountyFields({
  value,
  onChange,
  multiple = true,
  stateLabel = 'State',
  countyLabel = multiple ? 'Counties' : 'County',
  countyError,
  disabled = false,
  countiesQuery = placesQueries.counties,
  noCountiesMessage = (stateName) => `${stateName} has no counties to choose from.`,
  countyField: CountyField,
}: StateCountyPickerProps & { countyField: ComponentType<CountyFieldProps> }) {
  const counties = useQuery(countiesQuery(value.state));
  const [dismissedErrorAt, setDismissedErrorAt] = useState(0);
  const options = useMemo(() => (counties.data ?? []).map((c) => ({ value: c.id, label: c.label })), [counties.data]);
  const byId = useMemo(() => new Map((counties.data ?? []).map((c) => [c.id, c])), [counties.data]);
  const pick = (ids: string[]) =>
    onChange({
      state: value.state,
      counties: ids.flatMap((id) => byId.get(id) ?? value.counties.filter((c) => c.id === id)),
    });

  // opening the county list again after a failed load asks the server again
  const retryAfterFailure = () => {
    if (counties.isError) void counties.refetch();
  };

  const stateName = STATES.find((s) => s.code === value.state)?.label ?? value.state;
  const isEmpty = counties.isSuccess && counties.data.length === 0;
  const placeholder = counties.isPending
    ? 'Loading counties…'
    : counties.isError
      ? 'Counties could not be loaded'
      : isEmpty
        ? noCountiesMessage(stateName)
        : multiple
          ? 'Search for a county'
          : 'Choose a county';

  return (
    <>
      <Group align="flex-start" gap="md" grow preventGrowOverflow={false} wrap="wrap">
        <Select
          label={stateLabel}
          data={STATE_OPTIONS}
          value={value.state}
          onChange={(code) => {
            if (code && code !== value.state) onChange({ state: code, counties: [] });
          }}
          allowDeselect={false}
          searchable
          disabled={disabled}
          miw={200}
        />
        <CountyField
          label={countyLabel}
          data={options}
          ids={value.counties.map((c) => c.id)}
          onPick={pick}
          placeholder={placeholder}
          disabled={disabled}
          onDropdownOpen={retryAfterFailure}
          error={countyError}
          nothingFoundMessage={isEmpty ? noCountiesMessage(stateName) : 'No county by that name'}
        />
      </Group>
      <MessageDialog
        opened={counties.isError && dismissedErrorAt !== counties.errorUpdatedAt}
        title="Error"
        onClose={() => setDismissedErrorAt(counties.errorUpdatedAt)}
      >
        {COUNTIES_FAILED_MESSAGE}
      </MessageDialog>
    </>
  );
}

/** The picker with exactly one county (supplies' Medicare Advantage search), without the multi-select's code. */
export function SingleCountyPicker(props: Omit<StateCountyPickerProps, 'multiple'>) {
  return <StateCountyFields {...props} multiple={false} countyField={SingleCountyField} />;
}
