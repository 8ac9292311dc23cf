import * as contract from '@arc/contract';
import { staffFetch } from './staff-client.ts';

/** One call of a statement file: the report (200), or the server's message (400, 413, and 422 for a rejected line). */
export function sendStatements(file: File, dryRun: boolean): Promise<contract.StatementReport> {
  const formData = new FormData();
  formData.append(contract.STATEMENT_UPLOAD_FIELD, file);
  return staffFetch(contract.publishCommissionStatements, {
    query: { dryRun: String(dryRun) as 'true' | 'false' },
    formData,
  });
}
