import { MultiSelect } from '@mantine/core';
import {
  SingleCountyField,
  StateCountyFields,
  type CountyFieldProps,
  type StateCountyPickerProps,
} from './state-county-fields.tsx';

export type { StateCountyPickerProps } from './state-county-fields.tsx';
export { initialPlace, type PlaceValue } from './place-value.ts';

/** Several counties: chosen counties show as removable pills. */
function MultiCountyField({ ids, onPick, placeholder, ...field }: CountyFieldProps) {
  return (
    <MultiSelect
      {...field}
      value={ids}
      onChange={onPick}
      searchable
      clearable
      hidePickedOptions
      placeholder={ids.length === 0 ? placeholder : undefined}
      miw={240}
    />
  );
}

/**
 * State dropdown + county picker (prospects, supplies): changing the state clears the chosen
 * counties and loads the new state's list (`GET /arc/counties/:state`, cached per state). Chosen counties show
 * as removable pills. A failed load shows the spec's "Failed to fetch counties" dialog titled Error.
 * A screen that only ever picks one county uses `SingleCountyPicker` (`ui/state-county-fields.tsx`), which
 * leaves the multi-select out of its chunk.
 */
export function StateCountyPicker({ multiple = true, ...props }: StateCountyPickerProps) {
  return (
    <StateCountyFields {...props} multiple={multiple} countyField={multiple ? MultiCountyField : SingleCountyField} />
  );
}
