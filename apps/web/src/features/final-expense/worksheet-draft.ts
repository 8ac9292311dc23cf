import { useEffect, useState } from 'react';
import type { WorksheetAmounts } from './worksheet.ts';

/**
 * What the agent has entered on the Funeral Expense Worksheet, and where they are in it. It is kept in this
 * tab's session storage, so a reload or a visit to another page brings it back, until the agent clears it
 * (or closes the tab).
 */
export interface WorksheetDraft {
  /** the worksheet is open (not the information view) */
  isOpen: boolean;
  /** the page shown, 1 to 8 */
  page: number;
  isWholeForm: boolean;
  amounts: WorksheetAmounts;
  clientName: string;
  isVeteran: 'yes' | 'no';
}

const KEY = 'arc.final-expense.worksheet';

export const EMPTY_DRAFT: WorksheetDraft = {
  isOpen: false,
  page: 1,
  isWholeForm: false,
  amounts: {},
  clientName: '',
  isVeteran: 'no',
};

/** Anything typed or chosen that leaving would lose. */
export const hasEntries = (draft: WorksheetDraft): boolean =>
  draft.clientName.trim() !== '' ||
  draft.isVeteran !== 'no' ||
  Object.values(draft.amounts).some((value) => value.trim() !== '');

function load(): WorksheetDraft {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<WorksheetDraft> | null;
    if (!stored || typeof stored !== 'object') return EMPTY_DRAFT;
    const amounts = Object.fromEntries(
      Object.entries(stored.amounts ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const page = Number(stored.page);
    return {
      isOpen: stored.isOpen === true,
      page: Number.isInteger(page) && page >= 1 && page <= 8 ? page : 1,
      isWholeForm: stored.isWholeForm === true,
      amounts,
      clientName: typeof stored.clientName === 'string' ? stored.clientName : '',
      isVeteran: stored.isVeteran === 'yes' ? 'yes' : 'no',
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

/** The draft, kept in session storage as it changes. */
export function useWorksheetDraft() {
  const [draft, setDraft] = useState(load);
  useEffect(() => {
    try {
      sessionStorage.setItem(KEY, JSON.stringify(draft));
    } catch {
      // storage full or refused: the worksheet still works, only a reload loses it
    }
  }, [draft]);
  return [draft, setDraft] as const;
}
