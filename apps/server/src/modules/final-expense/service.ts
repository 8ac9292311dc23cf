import type { FinalExpenseFile } from '@arc/contract';
import type { Db } from '../../db/client.ts';
import { listFinalExpenseFileRows } from './queries.ts';

export interface FinalExpenseDeps {
  db: Db;
}

/** The Documents list of the Final Expense screen; each downloads through the shared download tokens. */
export async function listFinalExpenseFiles(deps: FinalExpenseDeps): Promise<FinalExpenseFile[]> {
  const rows = await listFinalExpenseFileRows(deps.db);
  return rows.map((row) => ({ id: row.id, filename: row.filename, file: row.fileId }));
}
