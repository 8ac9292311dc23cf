import { DEFAULT_STATE, STATES, type County, type StateCode } from '@arc/contract';
import { Group, MultiSelect, Select } from '@mantine/core';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { placesQueries } from '../api/places.ts';
import { MessageDialog } from './message-dialog.tsx';

/** The spec's message when the county list failed to load. */
export const COUNTIES_FAILED_MESSAGE = 'Failed to fetch counties';

export interface PlaceValue {
  state: StateCode;
  /** the chosen counties, in the order they were picked */
  counties: County[];
}

const STATE_OPTIONS = STATES.map((s) => ({ value: s.code, label: s.label }));
const isStateCode = (code: string | null | undefined): code is StateCode =>
  STATES.some((s) => s.code === code?.toUpperCase());

/**
 * The picker's first value: the agent's own state when it is on the spec's list, else Wisconsin
 * (`DEFAULT_STATE`), and no county.
 */
export function initialPlace(agentState?: string | null): PlaceValue {
  return { state: isStateCode(agentState) ? (agentState.toUpperCase() as StateCode) : DEFAULT_STATE, counties: [] };
}

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
}

/**
 * State dropdown + county picker (prospects, supplies): changing the state clears the chosen
 * counties and loads the new state's list (`GET /arc/counties/:state`, cached per state). Chosen counties show
 * as removable pills. A failed load shows the spec's "Failed to fetch counties" dialog titled Error.
 */
export function StateCountyPicker({
  value,
  onChange,
  multiple = true,
  stateLabel = 'State',
  countyLabel = multiple ? 'Counties' : 'County',
  countyError,
  disabled = false,
  countiesQuery = placesQueries.counties,
}: StateCountyPickerProps) {
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

  const placeholder = counties.isPending
    ? 'Loading counties…'
    : counties.isError
      ? 'Counties could not be loaded'
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
        {multiple ? (
          <MultiSelect
            label={countyLabel}
            data={options}
            value={value.counties.map((c) => c.id)}
            onChange={pick}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage="No county by that name"
            placeholder={value.counties.length === 0 ? placeholder : undefined}
            disabled={disabled}
            onDropdownOpen={retryAfterFailure}
            error={countyError}
            miw={240}
          />
        ) : (
          <Select
            label={countyLabel}
            data={options}
            value={value.counties[0]?.id ?? null}
            onChange={(id) => pick(id ? [id] : [])}
            searchable
            clearable
            nothingFoundMessage="No county by that name"
            placeholder={placeholder}
            disabled={disabled}
            onDropdownOpen={retryAfterFailure}
            error={countyError}
            miw={240}
          />
        )}
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
