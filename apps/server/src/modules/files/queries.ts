import { CONTENT_DOCUMENT_SECTIONS } from '@arc/contract';
import { and, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { complianceGuides, contentDocuments, dashboardFiles, finalExpenseFiles, files } from '../../db/schema/index.ts';

export type FileRow = typeof files.$inferSelect;

/**
 * Whether a document of each back-office list is published, keyed as `files.content_document_key` keys it
 * (docs/decisions/content-publishing.md). The keys are text; a list whose key is a number is compared as text.
 */
function publishedDocument(db: Db) {
  const key = files.contentDocumentKey;
  const published = (table: PgTable, condition: SQL) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(table)
        .where(condition),
    );
  return or(
    and(
      eq(files.contentKind, 'dashboard'),
      published(dashboardFiles, and(eq(dashboardFiles.key, key), eq(dashboardFiles.published, true))!),
    ),
    and(
      eq(files.contentKind, 'compliance'),
      published(
        complianceGuides,
        and(eq(sql`${complianceGuides.fileNumber}::text`, key), eq(complianceGuides.published, true))!,
      ),
    ),
    and(
      eq(files.contentKind, 'final-expense'),
      published(
        finalExpenseFiles,
        and(eq(sql`${finalExpenseFiles.id}::text`, key), eq(finalExpenseFiles.published, true))!,
      ),
    ),
    and(
      inArray(files.contentKind, [...CONTENT_DOCUMENT_SECTIONS]),
      published(
        contentDocuments,
        and(
          eq(contentDocuments.id, key),
          eq(contentDocuments.section, files.contentKind),
          eq(contentDocuments.published, true),
        )!,
      ),
    ),
  );
}

/**
 * A file this agent may download: shared files (no owner) and the agent's own; a version of a back-office document
 * only while that document is published (docs/decisions/content-publishing.md).
 */
export async function findVisibleFile(db: Db, fileId: string, agentId: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(
      and(
        eq(files.id, fileId),
        or(isNull(files.ownerAgentId), eq(files.ownerAgentId, agentId)),
        or(isNull(files.contentDocumentKey), publishedDocument(db)),
      ),
    )
    .limit(1);
  return row;
}
