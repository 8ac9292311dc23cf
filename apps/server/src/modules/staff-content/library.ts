import type { LibraryDocumentInput, LibraryKind, StaffLibraryDocument } from '@arc/contract';
import { LIBRARY_KINDS_WITH_DESCRIPTION, LIBRARY_NUMBER_REQUIRED } from '@arc/contract';
import { AppError, notFound } from '../../platform/errors.ts';
import { LIBRARY_TABLES, type LibraryRow } from './library-queries.ts';
import {
  recordPublishing,
  storeDocumentVersion,
  UPLOAD_FIRST,
  type ContentActor,
  type StaffContentDeps,
} from './service.ts';

// The lists besides the dashboard's (docs/decisions/content-publishing.md): compliance guides, Final Expense documents,
// Policies, Resource Documents and the quick guides, each in its own table, all edited, uploaded and published alike.

function toDocument(kind: LibraryKind, row: LibraryRow): StaffLibraryDocument {
  return {
    kind,
    key: row.key,
    title: row.title,
    description: row.description,
    number: row.number,
    sortOrder: row.sortOrder,
    published: row.published,
    file: row.fileId,
    fileName: row.fileName,
  };
}

async function existing(deps: StaffContentDeps, kind: LibraryKind, key: string): Promise<LibraryRow> {
  const [row] = await LIBRARY_TABLES[kind].list(deps.db, key);
  if (!row) throw notFound('Document not found');
  return row;
}

/** What each list keeps of the form: a description only where agents see one. */
function valuesFor(kind: LibraryKind, input: LibraryDocumentInput) {
  return {
    title: input.title,
    description: LIBRARY_KINDS_WITH_DESCRIPTION.includes(kind) ? input.description : '',
    sortOrder: input.sortOrder,
  };
}

export async function listLibrary(deps: StaffContentDeps, kind: LibraryKind): Promise<StaffLibraryDocument[]> {
  return (await LIBRARY_TABLES[kind].list(deps.db)).map((row) => toDocument(kind, row));
}

/** A new document: unpublished, without a PDF until one is uploaded. A guide needs a file number no other has. */
export async function createLibraryDocument(
  deps: StaffContentDeps,
  kind: LibraryKind,
  input: LibraryDocumentInput,
): Promise<StaffLibraryDocument> {
  const isGuide = kind === 'compliance';
  if (isGuide && input.number === null) throw new AppError('BAD_REQUEST', LIBRARY_NUMBER_REQUIRED);
  const key = await deps.db.transaction((tx) =>
    LIBRARY_TABLES[kind].insert(tx, { ...valuesFor(kind, input), number: isGuide ? input.number : null }),
  );
  if (key === null) throw new AppError('CONFLICT', `Another guide has file number ${input.number}`);
  return toDocument(kind, await existing(deps, kind, key));
}

/** Title, description and place; a guide's file number is its identity and stays. */
export async function updateLibraryDocument(
  deps: StaffContentDeps,
  kind: LibraryKind,
  key: string,
  input: LibraryDocumentInput,
): Promise<StaffLibraryDocument> {
  const before = await existing(deps, kind, key);
  if (kind === 'compliance' && input.number !== null && input.number !== before.number) {
    throw new AppError('CONFLICT', "A guide's file number cannot change: add a new guide instead");
  }
  if (!(await LIBRARY_TABLES[kind].update(deps.db, key, valuesFor(kind, input)))) throw notFound('Document not found');
  return toDocument(kind, await existing(deps, kind, key));
}

/** Uploads or replaces the PDF, keeping the document's place; an older link keeps its bytes while published. */
export async function replaceLibraryFile(
  deps: StaffContentDeps,
  kind: LibraryKind,
  key: string,
  body: AsyncIterable<Buffer>,
  actor: ContentActor,
): Promise<StaffLibraryDocument> {
  const table = LIBRARY_TABLES[kind];
  const before = await existing(deps, kind, key);
  await storeDocumentVersion(
    deps,
    { kind, key, name: table.fileName(before), before: before.fileId },
    body,
    actor,
    (tx, fileId) => table.update(tx, key, { fileId }),
  );
  return toDocument(kind, await existing(deps, kind, key));
}

/** Publishes or unpublishes; agents' reads are not cached, so the change is visible on every replica at once. */
export async function setLibraryPublished(
  deps: StaffContentDeps,
  kind: LibraryKind,
  key: string,
  published: boolean,
  actor: ContentActor,
): Promise<StaffLibraryDocument> {
  const before = await existing(deps, kind, key);
  if (published && !before.fileId) throw new AppError('CONFLICT', UPLOAD_FIRST);
  await recordPublishing(
    deps,
    { kind, key, detail: { title: before.title, file: before.fileId } },
    published,
    actor,
    (tx) => LIBRARY_TABLES[kind].update(tx, key, { published }),
  );
  return toDocument(kind, await existing(deps, kind, key));
}
