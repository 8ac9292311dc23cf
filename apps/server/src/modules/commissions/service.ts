import type { Readable } from 'node:stream';
import {
  commissionFileName,
  COMMISSIONS_PAGE_SIZE,
  formatStatementDate,
  type CommissionStatement,
} from '@arc/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { countStatementRows, findOwnStatement, findStatementRows, type CommissionStatementRow } from './queries.ts';

export interface CommissionsDeps {
  db: Db;
  storage: Storage;
}

const toStatement = (row: CommissionStatementRow): CommissionStatement => ({
  id: row.id,
  first: row.firstName,
  last: row.lastName,
  date: row.statementDate,
  formatted: formatStatementDate(row.statementDate),
});

/** Ten statements from `offset`, newest first; an offset past the end answers an empty page. */
export async function findCommissionStatements(
  deps: CommissionsDeps,
  agentId: string,
  offset: number,
): Promise<{ data: CommissionStatement[]; total: number }> {
  const [rows, total] = await Promise.all([
    findStatementRows(deps.db, agentId, { offset, limit: COMMISSIONS_PAGE_SIZE }),
    countStatementRows(deps.db, agentId),
  ]);
  return { data: rows.map(toStatement), total };
}

export interface StatementDownload {
  name: string;
  size: number;
  contentType: string;
  contentEncoding: string | null;
  stream: Readable;
}

/** The agent's own statement as stored (gzip); another agent's id is 404 like an unknown one. */
export async function getCommissionStatement(
  deps: CommissionsDeps,
  agentId: string,
  id: string,
): Promise<StatementDownload> {
  const found = await findOwnStatement(deps.db, agentId, id);
  if (!found) throw new AppError('NOT_FOUND', 'Statement not found');
  const { statement, file } = found;
  // Storage answers NOT_FOUND when the bytes are missing: the row alone is no statement.
  const stream = await deps.storage.get(file.storageKey);
  return {
    name: commissionFileName(toStatement(statement)),
    size: file.size,
    contentType: file.contentType,
    contentEncoding: file.contentEncoding,
    stream,
  };
}
