import { Readable } from 'node:stream';
import {
  commissionFileName,
  COMMISSIONS_PAGE_SIZE,
  formatStatementDate,
  STATEMENT_CSV_HEADER,
  type CommissionStatement,
} from '@arc/contract';
import type { Db } from '../../db/client.ts';
import { csvText } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import {
  countStatementRows,
  findOwnStatement,
  findStatementRows,
  selectStatementLines,
  type CommissionStatementRow,
} from './queries.ts';

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

/**
 * The agent's own statement: as stored (gzip), or, for a statement published from the back office
 * (docs/decisions/imports-and-jobs.md), written from its lines in the same columns with a total line. Another agent's
 * id is 404 like an unknown one.
 */
export async function getCommissionStatement(
  deps: CommissionsDeps,
  agentId: string,
  id: string,
): Promise<StatementDownload> {
  const found = await findOwnStatement(deps.db, agentId, id);
  if (!found) throw new AppError('NOT_FOUND', 'Statement not found');
  const { statement, file } = found;
  const name = commissionFileName(toStatement(statement));
  if (!file) {
    const body = Buffer.from(await publishedStatementCsv(deps.db, statement.id));
    return {
      name,
      size: body.length,
      contentType: 'text/csv; charset=utf-8',
      contentEncoding: null,
      stream: Readable.from([body]),
    };
  }
  // Storage answers NOT_FOUND when the bytes are missing: the row alone is no statement.
  const stream = await deps.storage.get(file.storageKey);
  return {
    name,
    size: file.size,
    contentType: file.contentType,
    contentEncoding: file.contentEncoding,
    stream,
  };
}

/** A published statement's CSV: the columns of a seeded one, one line per policy, then the total of commissions. */
async function publishedStatementCsv(db: Db, statementId: string): Promise<string> {
  const lines = await selectStatementLines(db, statementId);
  let totalCents = 0;
  const records = lines.map((line) => {
    totalCents += Math.round(Number(line.commission) * 100);
    return [
      line.carrier,
      line.policyNumber,
      line.client,
      line.product,
      line.effectiveDate,
      line.transaction,
      line.premium,
      line.commission,
    ];
  });
  const total = (totalCents / 100).toFixed(2);
  return csvText([[...STATEMENT_CSV_HEADER], ...records, ['Total', '', '', '', '', '', '', total]]);
}
