import type { CarrierByPlatform, ContentDocument, ContentDocumentSection, Platform } from '@arc/contract';
import type { Db } from '../../db/client.ts';
import { listDocumentRows, listPlatformCarrierNames } from './queries.ts';

export interface ContentDeps {
  db: Db;
}

/**
 * The carriers an agent can be contracted with on a platform, by name. The page asks only when the agent has no
 * contracts there; the list is the same for every agent, so it needs no ownership check.
 */
export async function listCarriersByPlatform(deps: ContentDeps, platform: Platform): Promise<CarrierByPlatform[]> {
  const names = await listPlatformCarrierNames(deps.db, platform);
  return names.map((Name) => ({ Name }));
}

/** The documents of one information page; each downloads through the shared download tokens (files module). */
export async function listContentDocuments(
  deps: ContentDeps,
  section: ContentDocumentSection,
): Promise<ContentDocument[]> {
  const rows = await listDocumentRows(deps.db, section);
  return rows.map((row) => ({
    title: row.title,
    description: row.description,
    downloadName: row.downloadName,
    file: row.fileId,
  }));
}
