import {
  buildPath,
  commissionFileName,
  COMMISSIONS_PAGE_SIZE,
  findCommissionStatements,
  getCommissionStatement,
  type CommissionStatement,
} from '@arc/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { clientHooks } from './client-hooks.ts';
import { apiFetch } from './client.ts';
import { saveBlob } from './files.ts';

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

export class StatementDecodeError extends Error {}

/**
 * Downloads one statement as `first_last_date.csv`. The server sends the stored gzip with
 * `Content-Encoding: gzip`, so the browser hands us the CSV text. A status of 400 or more rejects with an
 * ApiError; a body the browser cannot decode rejects with StatementDecodeError.
 */
export async function downloadCommissionStatement(statement: CommissionStatement): Promise<void> {
  const token = clientHooks().getToken();
  let response: Response;
  try {
    response = await fetch(buildPath(getCommissionStatement.path, { id: statement.id }), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The server could not be reached. Check your connection and try again.');
  }
  if (response.status >= 400) {
    if (response.status === 401) clientHooks().onUnauthorized();
    throw new ApiError(response.status, 'HTTP_ERROR', `The server answered ${response.status}.`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (err) {
    throw new StatementDecodeError(`The statement could not be read: ${(err as Error).message}`);
  }
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), commissionFileName(statement));
}
