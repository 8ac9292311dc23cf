import { DEFAULT_STATE, STATES, type County, type StateCode } from '@arc/contract';

/** What the state and county picker (`ui/state-county-picker.tsx`) holds: a state and the chosen counties. */
export interface PlaceValue {
  state: StateCode;
  /** the chosen counties, in the order they were picked */
  counties: County[];
}

const isStateCode = (code: string | null | undefined): code is StateCode =>
  STATES.some((s) => s.code === code?.toUpperCase());

/**
 * The picker's first value: the agent's own state when it is on the spec's list, else Wisconsin
 * (`DEFAULT_STATE`), and no county. Apart from the picker, so a screen can hold the value before it shows the
 * picker without loading it.
 */
export function initialPlace(agentState?: string | null): PlaceValue {
  return { state: isStateCode(agentState) ? (agentState.toUpperCase() as StateCode) : DEFAULT_STATE, counties: [] };
}
