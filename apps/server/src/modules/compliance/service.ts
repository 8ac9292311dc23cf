import type { ComplianceGuide } from '@arc/contract';
import type { Db } from '../../db/client.ts';
import { listGuideRows } from './queries.ts';

export interface ComplianceDeps {
  db: Db;
}

/** Every guide, by file number; the PDFs download through the shared download tokens (files module). */
export async function listComplianceGuides(deps: ComplianceDeps): Promise<ComplianceGuide[]> {
  const rows = await listGuideRows(deps.db);
  return rows.map((row) => ({
    fileNumber: row.fileNumber,
    name: row.name,
    downloadName: row.downloadName,
    file: row.fileId,
  }));
}
