import type { LibraryKind } from '@arc/contract';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { complianceGuides, contentDocuments, files, finalExpenseFiles } from '../../db/schema/index.ts';
import { randomId } from '../../platform/tokens.ts';

/** A document of one list, in the shape every list shares (docs/decisions/content-publishing.md). */
export interface LibraryRow {
  key: string;
  title: string;
  description: string;
  number: number | null;
  sortOrder: number;
  published: boolean;
  fileId: string | null;
  fileName: string | null;
}

/** What staff change on a document; each list keeps what it has. */
export interface LibraryValues {
  title?: string;
  description?: string;
  sortOrder?: number;
  fileId?: string;
  published?: boolean;
}

/** The reads and writes of one list's table, so the service treats every list alike. */
export interface LibraryTable {
  list(db: Db | Tx, key?: string): Promise<LibraryRow[]>;
  /** inserts a new, unpublished document without a PDF; answers its key, or null when that key is taken */
  insert(
    tx: Tx,
    values: { title: string; description: string; number: number | null; sortOrder: number },
  ): Promise<string | null>;
  update(db: Db | Tx, key: string, values: LibraryValues): Promise<boolean>;
  /** the name agents save the PDF under */
  fileName(row: Pick<LibraryRow, 'title' | 'number'>): string;
}

const pdfName = (title: string) => `${title.replace(/\.pdf$/i, '')}.pdf`;
const guideName = (number: number | null, title: string) => `ARC-${number ?? ''} ${pdfName(title)}`;

const complianceTable: LibraryTable = {
  async list(db, key) {
    const rows = await db
      .select({
        number: complianceGuides.fileNumber,
        title: complianceGuides.name,
        published: complianceGuides.published,
        fileId: complianceGuides.fileId,
        fileName: files.name,
      })
      .from(complianceGuides)
      .leftJoin(files, eq(files.id, complianceGuides.fileId))
      .where(key === undefined ? undefined : eq(sql`${complianceGuides.fileNumber}::text`, key))
      .orderBy(asc(complianceGuides.fileNumber));
    return rows.map((row) => ({ ...row, key: String(row.number), description: '', sortOrder: 0 }));
  },
  async insert(tx, values) {
    const number = values.number!;
    // the file number is the key: a number taken (also by a create at the same moment) inserts nothing
    const inserted = await tx
      .insert(complianceGuides)
      .values({
        fileNumber: number,
        name: values.title,
        downloadName: guideName(number, values.title),
        published: false,
      })
      .onConflictDoNothing()
      .returning({ number: complianceGuides.fileNumber });
    return inserted.length > 0 ? String(number) : null;
  },
  async update(db, key, values) {
    const number = Number(key);
    if (!Number.isSafeInteger(number)) return false;
    const rows = await db
      .update(complianceGuides)
      .set({
        ...(values.title !== undefined && { name: values.title, downloadName: guideName(number, values.title) }),
        ...(values.fileId !== undefined && { fileId: values.fileId }),
        ...(values.published !== undefined && { published: values.published }),
      })
      .where(eq(complianceGuides.fileNumber, number))
      .returning({ number: complianceGuides.fileNumber });
    return rows.length > 0;
  },
  fileName: (row) => guideName(row.number, row.title),
};

const finalExpenseTable: LibraryTable = {
  async list(db, key) {
    const rows = await db
      .select({
        id: finalExpenseFiles.id,
        filename: finalExpenseFiles.filename,
        sortOrder: finalExpenseFiles.sortOrder,
        published: finalExpenseFiles.published,
        fileId: finalExpenseFiles.fileId,
        fileName: files.name,
      })
      .from(finalExpenseFiles)
      .leftJoin(files, eq(files.id, finalExpenseFiles.fileId))
      .where(key === undefined ? undefined : eq(sql`${finalExpenseFiles.id}::text`, key))
      .orderBy(asc(finalExpenseFiles.sortOrder), asc(finalExpenseFiles.id));
    return rows.map(({ id, filename, ...row }) => ({
      ...row,
      key: String(id),
      title: filename.replace(/\.pdf$/i, ''),
      description: '',
      number: null,
    }));
  },
  async insert(tx, values) {
    // the ids are numbers the demo data chose; a new one follows the highest (the transaction holds the lock)
    await tx.execute(sql`lock table ${finalExpenseFiles} in share row exclusive mode`);
    const [last] = await tx.select({ id: max(finalExpenseFiles.id) }).from(finalExpenseFiles);
    const id = (last?.id ?? 0) + 1;
    await tx.insert(finalExpenseFiles).values({
      id,
      filename: pdfName(values.title),
      sortOrder: values.sortOrder,
      published: false,
    });
    return String(id);
  },
  async update(db, key, values) {
    const id = Number(key);
    if (!Number.isSafeInteger(id)) return false;
    const rows = await db
      .update(finalExpenseFiles)
      .set({
        ...(values.title !== undefined && { filename: pdfName(values.title) }),
        ...(values.sortOrder !== undefined && { sortOrder: values.sortOrder }),
        ...(values.fileId !== undefined && { fileId: values.fileId }),
        ...(values.published !== undefined && { published: values.published }),
      })
      .where(eq(finalExpenseFiles.id, id))
      .returning({ id: finalExpenseFiles.id });
    return rows.length > 0;
  },
  fileName: (row) => pdfName(row.title),
};

function contentTable(section: string): LibraryTable {
  return {
    async list(db, key) {
      const rows = await db
        .select({
          key: contentDocuments.id,
          title: contentDocuments.title,
          description: contentDocuments.description,
          sortOrder: contentDocuments.sortOrder,
          published: contentDocuments.published,
          fileId: contentDocuments.fileId,
          fileName: files.name,
        })
        .from(contentDocuments)
        .leftJoin(files, eq(files.id, contentDocuments.fileId))
        .where(and(eq(contentDocuments.section, section), key === undefined ? undefined : eq(contentDocuments.id, key)))
        .orderBy(asc(contentDocuments.sortOrder), asc(contentDocuments.title));
      return rows.map((row) => ({ ...row, number: null }));
    },
    async insert(tx, values) {
      const id = `${section}-${randomId()}`;
      await tx.insert(contentDocuments).values({
        id,
        section,
        title: values.title,
        description: values.description,
        sortOrder: values.sortOrder,
        published: false,
      });
      return id;
    },
    async update(db, key, values) {
      const rows = await db
        .update(contentDocuments)
        .set({
          ...(values.title !== undefined && { title: values.title }),
          ...(values.description !== undefined && { description: values.description }),
          ...(values.sortOrder !== undefined && { sortOrder: values.sortOrder }),
          ...(values.fileId !== undefined && { fileId: values.fileId }),
          ...(values.published !== undefined && { published: values.published }),
        })
        .where(and(eq(contentDocuments.id, key), eq(contentDocuments.section, section)))
        .returning({ id: contentDocuments.id });
      return rows.length > 0;
    },
    fileName: (row) => pdfName(row.title),
  };
}

export const LIBRARY_TABLES: Record<LibraryKind, LibraryTable> = {
  compliance: complianceTable,
  'final-expense': finalExpenseTable,
  policies: contentTable('policies'),
  resources: contentTable('resources'),
  myhealthplan: contentTable('myhealthplan'),
  sunfire: contentTable('sunfire'),
};
