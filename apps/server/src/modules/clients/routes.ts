import * as contract from '@arc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { addRoute, perAgentLimit } from '../../platform/routes.ts';
import { sendXlsx, type XlsxColumn } from '../../platform/xlsx.ts';
import { recordAudit } from '../audit/service.ts';
import {
  DOWNLOAD_EXPIRED_MESSAGE,
  isWellFormedDownloadToken,
  issueDownloadToken,
  redeemExportToken,
} from '../files/service.ts';
import type { ClientRow } from './queries.ts';
import {
  agentClientRows,
  createAgentClient,
  findAgentClients,
  findClientsForStaff,
  getAgentClient,
  getClientForStaff,
  mergeAgentClients,
  revealMbi,
  updateAgentClient,
  type ClientDeps,
} from './service.ts';

const CLIENT_EXPORT = 'clients';
/** Full MBIs one agent may ask to see an hour: a person at work reveals a few; a script harvesting them is stopped. */
const REVEALS_PER_HOUR = 60;

/** The agent's book of business (issue 46): clients, their links, the audited MBI reveal, the staff's reading. */
export async function clientRoutes(app: FastifyInstance): Promise<void> {
  const deps: ClientDeps = { db: app.db, clock: app.deps.clock, config: app.deps.config };
  const actor = (request: FastifyRequest) => ({ agentId: request.agentId, ip: request.ip });

  addRoute(app, contract.findClients, async (request) => findAgentClients(deps, request.agentId, request.query), {
    rateLimit: perAgentLimit('clients-find', 300, '1 minute'),
  });
  addRoute(
    app,
    contract.createClient,
    async (request, reply) => reply.code(201).send(await createAgentClient(deps, actor(request), request.body)),
    { rateLimit: perAgentLimit('clients-write', 120, '1 minute') },
  );
  addRoute(app, contract.getClient, async (request) => getAgentClient(deps, request.agentId, request.params.id));
  addRoute(
    app,
    contract.updateClient,
    async (request) => updateAgentClient(deps, actor(request), request.params.id, request.body),
    { rateLimit: perAgentLimit('clients-write', 120, '1 minute') },
  );
  addRoute(app, contract.revealClientMbi, async (request) => revealMbi(deps, actor(request), request.params.id), {
    rateLimit: perAgentLimit('clients-reveal', REVEALS_PER_HOUR, '1 hour'),
  });
  addRoute(app, contract.mergeClients, async (request) =>
    mergeAgentClients(deps, actor(request), request.params.id, request.body.duplicateId),
  );

  addRoute(
    app,
    contract.createClientExportToken,
    async (request) => ({
      token: await issueDownloadToken(
        app.db,
        { agentId: request.agentId, exportName: CLIENT_EXPORT },
        app.deps.clock.now(),
      ),
    }),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  // the MBI only masked: an export is a file that travels
  const exportColumns: XlsxColumn<ClientRow>[] = [
    { header: 'Last name', value: (c) => c.lastName, width: 20 },
    { header: 'First name', value: (c) => c.firstName, width: 20 },
    { header: 'Date of birth', value: (c) => c.birthDate ?? '', width: 14 },
    { header: 'Phone', value: (c) => c.phone, width: 16 },
    { header: 'E-mail', value: (c) => c.email, width: 28 },
    { header: 'Street', value: (c) => c.street, width: 28 },
    { header: 'City', value: (c) => c.city, width: 18 },
    { header: 'State', value: (c) => c.state, width: 8 },
    { header: 'ZIP', value: (c) => c.zip, width: 8 },
    { header: 'County', value: (c) => c.county, width: 18 },
    {
      header: 'Language',
      value: (c) => contract.CLIENT_LANGUAGE_LABELS[c.language as contract.ClientLanguage] ?? c.language,
      width: 12,
    },
    { header: 'MBI', value: (c) => contract.maskMbi(c.mbiLast4), width: 16 },
    { header: 'Consent to contact', value: (c) => (c.consentToContact ? 'Yes' : 'No'), width: 10 },
    {
      header: 'Contact by',
      value: (c) => c.consentMethods.map((m) => contract.CONTACT_METHOD_LABELS[m as contract.ContactMethod]).join(', '),
      width: 24,
    },
    { header: 'Status', value: (c) => c.status, width: 12 },
  ];

  addRoute(
    app,
    contract.exportClients,
    async (request, reply) => {
      if (request.method === 'HEAD') throw new AppError('NOT_FOUND', 'Not found');
      const { token } = request.params;
      if (!isWellFormedDownloadToken(token)) throw new AppError('NOT_FOUND', 'Not found');
      const bearerAgentId = await app.optionalAgentId(request);
      const agentId = await redeemExportToken(app.db, token, {
        exportName: CLIENT_EXPORT,
        now: app.deps.clock.now(),
        agentId: bearerAgentId,
      });
      if (!agentId) {
        if (bearerAgentId) throw new AppError('NOT_FOUND', 'Not found');
        throw new AppError('GONE', DOWNLOAD_EXPIRED_MESSAGE);
      }
      await recordAudit(deps, {
        agentId,
        ip: request.ip,
        action: 'clients.exported',
        detail: { filter: request.query },
      });
      return sendXlsx(reply, {
        fileName: contract.CLIENT_TEXT.exportFileName,
        sheetName: 'Clients',
        columns: exportColumns,
        rows: agentClientRows(deps, agentId, request.query),
      });
    },
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );

  // ── staff: read, every read audited ──────────────────────────────────────────────────────────────────────────
  const staffActor = (request: FastifyRequest) => ({ staffId: request.staff.id, ip: request.ip });
  addRoute(app, contract.findStaffClients, async (request) =>
    findClientsForStaff(deps, staffActor(request), request.query),
  );
  addRoute(app, contract.getStaffClient, async (request) =>
    getClientForStaff(deps, staffActor(request), request.params.id),
  );
}
