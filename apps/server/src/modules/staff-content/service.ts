import type { DashboardDocumentInput, StaffDashboardDocument } from '@arc/contract';
import { dashboardFileLabel, DashboardFileSchema } from '@arc/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { randomId } from '../../platform/tokens.ts';
import { recordAudit } from '../audit/service.ts';
import { CARRIER_BRANDS, logoUrl } from '../dashboard/service.ts';
import { checkedPdf } from './pdf-upload.ts';
import {
  findDashboardDocument,
  insertDashboardDocument,
  insertFileVersion,
  listDashboardDocuments,
  updateDashboardDocument,
  type DashboardDocumentRow,
} from './queries.ts';

export interface StaffContentDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
}

export interface ContentActor {
  staffId: string;
  ip: string;
}

type LogoType = StaffDashboardDocument['logoType'];
const LOGO_TYPES: ReadonlySet<string> = new Set<LogoType>(DashboardFileSchema.shape.logoType.options);

function toDocument(row: DashboardDocumentRow): StaffDashboardDocument {
  return {
    key: row.key,
    id: row.documentId,
    year: row.year,
    carrier: row.carrier,
    img: row.img,
    logoType: LOGO_TYPES.has(row.logoType) ? (row.logoType as LogoType) : 'standard',
    link: row.link,
    file: row.fileId,
    sharedPassword: row.sharedPassword,
    sortOrder: row.sortOrder,
    published: row.published,
    fileName: row.fileName,
  };
}

/** The carriers a tile may name (each has its logo). */
export const contentCarriers = (): string[] => Object.values(CARRIER_BRANDS).map((brand) => brand.name);

/** The carrier's logo; a carrier without one is refused. */
function logoFor(carrier: string): string {
  const slug = Object.entries(CARRIER_BRANDS).find(([, brand]) => brand.name === carrier)?.[0];
  if (!slug) throw new AppError('BAD_REQUEST', 'Choose a carrier from the list');
  return logoUrl(slug);
}

async function existing(db: Db, key: string): Promise<DashboardDocumentRow> {
  const row = await findDashboardDocument(db, key);
  if (!row) throw notFound('Document not found');
  return row;
}

export async function listDocuments(deps: StaffContentDeps): Promise<StaffDashboardDocument[]> {
  return (await listDashboardDocuments(deps.db)).map(toDocument);
}

/** A new tile: unpublished, without a PDF until one is uploaded. */
export async function createDocument(
  deps: StaffContentDeps,
  input: DashboardDocumentInput,
): Promise<StaffDashboardDocument> {
  const key = `doc_${randomId()}`;
  await insertDashboardDocument(deps.db, {
    key,
    documentId: input.documentId,
    year: input.year,
    carrier: input.carrier,
    img: logoFor(input.carrier),
    sortOrder: input.sortOrder,
    published: false,
  });
  return toDocument(await existing(deps.db, key));
}

export async function updateDocument(
  deps: StaffContentDeps,
  key: string,
  input: DashboardDocumentInput,
): Promise<StaffDashboardDocument> {
  const updated = await updateDashboardDocument(deps.db, key, {
    documentId: input.documentId,
    year: input.year,
    carrier: input.carrier,
    img: logoFor(input.carrier),
    sortOrder: input.sortOrder,
  });
  if (!updated) throw notFound('Document not found');
  return toDocument(await existing(deps.db, key));
}

/**
 * Uploads or replaces the dashboard document's PDF, keeping its place (storeDocumentVersion). The old version stays
 * downloadable while the document is published, so a link an agent loaded before still works.
 */
export async function replaceDocumentFile(
  deps: StaffContentDeps,
  key: string,
  body: AsyncIterable<Buffer>,
  actor: ContentActor,
): Promise<StaffDashboardDocument> {
  const before = await existing(deps.db, key);
  const name = `${before.carrier} ${before.year} ${dashboardFileLabel(before.documentId).replace(/s$/, '')}.pdf`;
  await storeDocumentVersion(deps, { kind: 'dashboard', key, name, before: before.fileId }, body, actor, (tx, fileId) =>
    updateDashboardDocument(tx, key, { fileId }),
  );
  return toDocument(await existing(deps.db, key));
}

/** Publishes or unpublishes; agents' reads are not cached, so the change is visible on every replica at once. */
export async function setPublished(
  deps: StaffContentDeps,
  key: string,
  published: boolean,
  actor: ContentActor,
): Promise<StaffDashboardDocument> {
  const before = await existing(deps.db, key);
  if (published && !before.fileId && !before.link) throw new AppError('CONFLICT', UPLOAD_FIRST);
  await recordPublishing(
    deps,
    { kind: 'dashboard', key, detail: { year: before.year, carrier: before.carrier, file: before.fileId } },
    published,
    actor,
    (tx) => updateDashboardDocument(tx, key, { published }),
  );
  return toDocument(await existing(deps.db, key));
}

export const UPLOAD_FIRST = 'Upload the PDF before publishing this document';

/**
 * One way to change a document's PDF, whatever its list (docs/decisions/content-publishing.md): the bytes stream to a
 * new key (a version is never overwritten) and are checked as a PDF on the way; only then, in one transaction, the
 * version is recorded under its document, `point` makes the document use it, and the audit event is written. Anything
 * failing removes the stored bytes and leaves the document and its old file as they were.
 */
export async function storeDocumentVersion(
  deps: StaffContentDeps,
  target: { kind: string; key: string; name: string; before: string | null },
  body: AsyncIterable<Buffer>,
  actor: ContentActor,
  point: (tx: Tx, fileId: string) => Promise<boolean>,
): Promise<void> {
  const fileId = `fil_${randomId()}`;
  const storageKey = `files/${fileId}`;
  const { size } = await deps.storage.put(storageKey, checkedPdf(body));
  try {
    await deps.db.transaction(async (tx) => {
      await insertFileVersion(tx, {
        id: fileId,
        name: target.name,
        contentType: 'application/pdf',
        size,
        storageKey,
        contentKind: target.kind,
        contentDocumentKey: target.key,
      });
      if (!(await point(tx, fileId))) throw notFound('Document not found');
      await recordAudit(
        { db: tx, clock: deps.clock },
        {
          agentId: null,
          staffId: actor.staffId,
          ip: actor.ip,
          action: 'content.file-replaced',
          subject: auditSubject(target),
          detail: { before: target.before, after: fileId, size },
        },
      );
    });
  } catch (err) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw err;
  }
}

/** One way to publish or unpublish a document, with its audit event, in one transaction. */
export async function recordPublishing(
  deps: StaffContentDeps,
  target: { kind: string; key: string; detail: Record<string, unknown> },
  published: boolean,
  actor: ContentActor,
  set: (tx: Tx) => Promise<boolean>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await set(tx))) throw notFound('Document not found');
    await recordAudit(
      { db: tx, clock: deps.clock },
      {
        agentId: null,
        staffId: actor.staffId,
        ip: actor.ip,
        action: published ? 'content.published' : 'content.unpublished',
        subject: auditSubject(target),
        detail: target.detail,
      },
    );
  });
}

/**
 * A dashboard document is audited under its key (as it always was; docs/decisions/content-publishing.md); another
 * list's as `kind:key`.
 */
const auditSubject = (target: { kind: string; key: string }) =>
  target.kind === 'dashboard' ? target.key : `${target.kind}:${target.key}`;
