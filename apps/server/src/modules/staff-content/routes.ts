import * as contract from '@arc/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { receiveImport } from '../../platform/import-upload.ts';
import { addRoute } from '../../platform/routes.ts';
import {
  createLibraryDocument,
  listLibrary,
  replaceLibraryFile,
  setLibraryPublished,
  updateLibraryDocument,
} from './library.ts';
import {
  contentCarriers,
  createDocument,
  listDocuments,
  replaceDocumentFile,
  setPublished,
  updateDocument,
  type ContentActor,
  type StaffContentDeps,
} from './service.ts';

/**
 * The back office's Content area (issue 33, docs/decisions/content-publishing.md): the dashboard's documents by plan
 * year and the other document lists (compliance guides, Final Expense, Policies, Resource Documents, quick guides),
 * their PDFs (multipart, checked as PDFs, streamed to the file store) and publishing. Roles on each entry (admin,
 * content).
 */
export async function staffContentRoutes(app: FastifyInstance): Promise<void> {
  const deps: StaffContentDeps = { db: app.db, clock: app.deps.clock, storage: app.deps.storage };
  const actor = (request: FastifyRequest): ContentActor => ({ staffId: request.staff.id, ip: request.ip });

  await app.register(multipart, {
    limits: { fileSize: contract.CONTENT_DOCUMENT_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });

  addRoute(app, contract.listStaffDashboardDocuments, async () => ({
    documents: await listDocuments(deps),
    carriers: contentCarriers(),
  }));
  addRoute(app, contract.createStaffDashboardDocument, async (request, reply) =>
    reply.code(201).send(await createDocument(deps, request.body)),
  );
  addRoute(app, contract.updateStaffDashboardDocument, async (request) =>
    updateDocument(deps, request.params.key, request.body),
  );
  addRoute(app, contract.uploadStaffDashboardDocumentFile, async (request, reply) =>
    receiveImport(request, reply, {
      field: contract.CONTENT_DOCUMENT_UPLOAD_FIELD,
      maxBytes: contract.CONTENT_DOCUMENT_MAX_BYTES,
      what: 'the PDF',
      run: (file) => replaceDocumentFile(deps, request.params.key, file, actor(request)),
    }),
  );
  addRoute(app, contract.publishStaffDashboardDocument, async (request) =>
    setPublished(deps, request.params.key, true, actor(request)),
  );
  addRoute(app, contract.unpublishStaffDashboardDocument, async (request) =>
    setPublished(deps, request.params.key, false, actor(request)),
  );

  addRoute(app, contract.listStaffLibraryDocuments, async (request) => ({
    documents: await listLibrary(deps, request.params.kind),
  }));
  addRoute(app, contract.createStaffLibraryDocument, async (request, reply) =>
    reply.code(201).send(await createLibraryDocument(deps, request.params.kind, request.body)),
  );
  addRoute(app, contract.updateStaffLibraryDocument, async (request) =>
    updateLibraryDocument(deps, request.params.kind, request.params.key, request.body),
  );
  addRoute(app, contract.uploadStaffLibraryDocumentFile, async (request, reply) =>
    receiveImport(request, reply, {
      field: contract.CONTENT_DOCUMENT_UPLOAD_FIELD,
      maxBytes: contract.CONTENT_DOCUMENT_MAX_BYTES,
      what: 'the PDF',
      run: (file) => replaceLibraryFile(deps, request.params.kind, request.params.key, file, actor(request)),
    }),
  );
  addRoute(app, contract.publishStaffLibraryDocument, async (request) =>
    setLibraryPublished(deps, request.params.kind, request.params.key, true, actor(request)),
  );
  addRoute(app, contract.unpublishStaffLibraryDocument, async (request) =>
    setLibraryPublished(deps, request.params.kind, request.params.key, false, actor(request)),
  );
}
