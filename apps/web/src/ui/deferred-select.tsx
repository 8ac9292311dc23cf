import { ComboboxChevron, InputBase, type ComboboxData, type Primitive, type SelectProps } from '@mantine/core';
import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { deferredPart, useStandIn, useTakeOver } from './deferred-part.tsx';
import type { Select as SelectPart } from './select-part.ts';

type GenericSelect = typeof SelectPart;

// the part's props are checked where it is drawn (`TakenOver`), against Mantine's generic signature
const select = deferredPart<object>(() =>
  import('./select-part.ts').then((module) => module.Select as unknown as ComponentType<object>),
);

/** The keys that open a closed select's list from the keyboard. */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/**
 * Mantine's Select on a screen's first view (decision 059): the field draws at once as a stand-in that looks the
 * same (label, the chosen option, the chevron, the error), and the select's code — the combobox, its dropdown and
 * the positioning library behind it — loads once the screen has settled, or at once when the agent points at,
 * touches or focuses the field. A field pressed or opened from the keyboard before the code arrived opens its list
 * when it arrives, with the focus on it; what the agent typed into a searchable field is kept and filters the list.
 * Once the code is there (a later visit, a step back), the real select draws straight away.
 */
export function DeferredSelect<Value extends Primitive = string>(props: SelectProps<Value>) {
  const Select = select.useLoaded();
  const standIn = useStandIn(select.preload);
  // what the agent typed into a searchable stand-in, which the real field starts from
  const [typed, setTyped] = useState<string | undefined>(undefined);
  if (Select)
    return <TakenOver Select={Select as unknown as GenericSelect} props={props} standIn={standIn} typed={typed} />;

  const {
    data,
    value,
    defaultValue,
    searchable = false,
    error,
    size,
    disabled,
    readOnly,
    // the select's own props, which the stand-in has no use for
    onChange: _onChange,
    allowDeselect: _allowDeselect,
    clearable: _clearable,
    nothingFoundMessage: _nothingFoundMessage,
    onDropdownOpen: _onDropdownOpen,
    onDropdownClose: _onDropdownClose,
    onSearchChange: _onSearchChange,
    searchValue: _searchValue,
    comboboxProps: _comboboxProps,
    maxDropdownHeight: _maxDropdownHeight,
    limit: _limit,
    filter: _filter,
    renderOption: _renderOption,
    checkIconPosition: _checkIconPosition,
    withCheckIcon: _withCheckIcon,
    withScrollArea: _withScrollArea,
    hiddenInputProps: _hiddenInputProps,
    clearButtonProps: _clearButtonProps,
    clearSectionMode: _clearSectionMode,
    onClear: _onClear,
    onOptionSubmit: _onOptionSubmit,
    dropdownOpened: _dropdownOpened,
    defaultDropdownOpened: _defaultDropdownOpened,
    defaultSearchValue: _defaultSearchValue,
    selectFirstOptionOnChange: _selectFirstOptionOnChange,
    selectFirstOptionOnDropdownOpen: _selectFirstOptionOnDropdownOpen,
    autoSelectOnBlur: _autoSelectOnBlur,
    openOnFocus: _openOnFocus,
    scrollAreaProps: _scrollAreaProps,
    withAlignedLabels: _withAlignedLabels,
    floatingHeight: _floatingHeight,
    chevronColor,
    ...field
  } = props;
  const chosen = optionLabel(data, value === undefined ? defaultValue : value);
  const isOpenable = !disabled && !readOnly;
  const { handlers } = standIn;
  return (
    <InputBase
      {...field}
      size={size}
      error={error}
      disabled={disabled}
      readOnly={readOnly || !searchable}
      pointer={!searchable}
      value={searchable ? (typed ?? chosen) : chosen}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        // typing asks for the list: it opens, filtered, as the code arrives
        handlers.onClick();
      }}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      rightSection={<ComboboxChevron size={size} error={error} color={chevronColor} />}
      rightSectionPointerEvents="none"
      onPointerEnter={(event) => {
        handlers.onPointerEnter();
        field.onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        handlers.onFocus();
        field.onFocus?.(event);
      }}
      onBlur={(event) => {
        handlers.onBlur();
        field.onBlur?.(event);
      }}
      onPointerDown={(event) => {
        if (isOpenable) handlers.onPointerDown();
        field.onPointerDown?.(event);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (isOpenable && OPENING_KEYS.has(event.key) && !(searchable && event.key === ' ')) {
          event.preventDefault();
          handlers.onClick();
        }
        field.onKeyDown?.(event);
      }}
    />
  );
}

/** The real select in the stand-in's place: the focus and an asked-for list carry over (`useTakeOver`). */
function TakenOver<Value extends Primitive>({
  Select,
  props,
  standIn,
  typed,
}: {
  Select: GenericSelect;
  props: SelectProps<Value>;
  standIn: { isWanted: boolean; hasFocus: boolean };
  typed: string | undefined;
}) {
  const target = useRef<HTMLInputElement>(null);
  // the list opens through `defaultDropdownOpened` as the select mounts; the focus is taken over here
  useTakeOver(target, standIn, () => undefined);
  // typed into the stand-in: the search is held here, as the select's own first effects reset it to the chosen
  // value's label (none yet: empty), and this effect, running after them, puts the typed text back
  const isTyped = typed !== undefined && props.searchable === true && props.searchValue === undefined;
  const [search, setSearch] = useState(typed ?? '');
  useEffect(() => {
    if (isTyped) setSearch(typed);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, as the select takes over
  return (
    <Select
      {...props}
      ref={target}
      defaultDropdownOpened={props.defaultDropdownOpened ?? (standIn.isWanted && !props.disabled && !props.readOnly)}
      {...(isTyped
        ? {
            searchValue: search,
            onSearchChange: (next: string) => {
              setSearch(next);
              props.onSearchChange?.(next);
            },
          }
        : {})}
    />
  );
}

/** The label of the option whose value is `value` (plain strings, `{ value, label }` items and groups). */
export function optionLabel<Value extends Primitive>(
  data: ComboboxData<Value> | undefined,
  value: Value | null | undefined,
): string {
  if (value === null || value === undefined) return '';
  for (const item of data ?? []) {
    if (typeof item !== 'object') {
      if (item === value) return String(item);
    } else if ('group' in item) {
      const found = optionLabel(item.items as ComboboxData<Value>, value);
      if (found) return found;
    } else if (item.value === value) {
      return 'label' in item && item.label !== undefined ? item.label : String(item.value);
    }
  }
  return '';
}
