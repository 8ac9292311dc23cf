import { Checkbox } from '@mantine/core';
import type { DataTableColumn } from './data-table.tsx';

/** A queue's selection for {@link selectionColumn}: the selected rows' ids and how to name the checkboxes. */
export interface DataTableSelection<T> {
  /** the rows on screen (the header checkbox selects or clears them all) */
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** the selected rows' ids (the queue's, ui/use-queue-state.ts) */
  selected: ReadonlySet<string>;
  /** how to make the new selection from the latest one (two clicks before a render both count) */
  onChange: (update: (current: ReadonlySet<string>) => Set<string>) => void;
  /** the row checkbox's name, e.g. "Select order 12" */
  rowLabel: (row: T) => string;
  /** the header checkbox's name, e.g. "Select every order on this page" */
  allLabel: string;
}

/**
 * The first column of a queue whose actions work on a selection: a checkbox per row and one in the header for the
 * rows on screen (checked, mixed or clear). Its own module: the lists without a selection do not load Checkbox.
 * A selected row is tinted (data-table.module.css, `data-row-select`).
 */
export function selectionColumn<T>(selection: DataTableSelection<T>): DataTableColumn<T> {
  const { rows, getRowId, selected, onChange } = selection;
  const ids = rows.map(getRowId);
  const count = ids.filter((id) => selected.has(id)).length;
  const isAll = ids.length > 0 && count === ids.length;
  return {
    id: 'select',
    header: 'Selected',
    width: 40,
    headerCell: (
      <Checkbox
        aria-label={selection.allLabel}
        checked={isAll}
        indeterminate={count > 0 && !isAll}
        onChange={() => onChange(() => new Set(isAll ? [] : ids))}
      />
    ),
    cell: (row) => {
      const id = getRowId(row);
      return (
        <Checkbox
          data-row-select
          aria-label={selection.rowLabel(row)}
          checked={selected.has(id)}
          onChange={() =>
            onChange((current) => {
              const next = new Set(current);
              if (!next.delete(id)) next.add(id);
              return next;
            })
          }
        />
      );
    },
  };
}
