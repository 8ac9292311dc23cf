import {
  commissionFileName,
  COMMISSIONS_PAGE_SIZE,
  findCommissionStatements,
  getCommissionStatement,
  type CommissionStatement,
} from '@arc/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { fetchFile, saveBlob } from './files.ts';

export const commissionsQueries = {
  /** spec §4: 10 at a time, offset 0 then +10 after each successful load */
  statements: () =>
    infiniteQueryOptions({
      queryKey: ['commissions', 'statements'],
      initialPageParam: 0,
      queryFn: async ({ pageParam, signal }) =>
        apiFetch(findCommissionStatements, { params: { offset: pageParam }, signal }),
      getNextPageParam: (last, pages) => {
        const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
        return last.data.length === COMMISSIONS_PAGE_SIZE && loaded < last.total ? loaded : undefined;
      },
    }),
};

/** Loaded statements, de-duplicated and sorted by statement date (newest first), as spec §4 asks. */
export function sortedStatements(pages: ReadonlyArray<{ data: CommissionStatement[] }>): CommissionStatement[] {
  const byId = new Map<string, CommissionStatement>();
  for (const page of pages) for (const statement of page.data) byId.set(statement.id, statement);
  return [...byId.values()].sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id));
}

/**
 * Downloads one statement as `first_last_date.csv`. The server sends the stored gzip with `Content-Encoding: gzip`,
 * so the browser hands us the CSV text. A refusal rejects with the server's message (ApiError); a body the browser
 * cannot decode rejects with FileReadError (`api/files.ts`).
 */
export async function downloadCommissionStatement(statement: CommissionStatement): Promise<void> {
  const { blob } = await fetchFile(getCommissionStatement, { params: { id: statement.id }, fileName: '' });
  saveBlob(blob, commissionFileName(statement));
}
