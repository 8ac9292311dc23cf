import * as contract from '@arc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { addRoute, perAgentLimit } from '../../platform/routes.ts';
import { sendFile } from '../../platform/send-file.ts';
import { sendXlsx, type XlsxColumn } from '../../platform/xlsx.ts';
import {
  DOWNLOAD_EXPIRED_MESSAGE,
  isWellFormedDownloadToken,
  issueDownloadToken,
  redeemExportToken,
} from '../files/service.ts';
import { raiseNotification } from '../notifications/service.ts';
import { emailSoaLinkSender } from './sender.ts';
import {
  cancelAgentSoa,
  changeAgentSoa,
  createAgentSoa,
  createAgentSoaLink,
  findSoasForStaff,
  getAgentSoa,
  getSigningPage,
  getSoaForStaff,
  listAgentSoas,
  listAgentSoaVersions,
  openSoaPdfForStaff,
  purgeExpiredSoas,
  signWithLink,
  writtenTime,
  type SoaDeps,
} from './service.ts';

/** The public signing page's calls, per client address: a person signs once; a scanner is stopped early. */
export const SIGNING_PAGE_PER_IP = { max: 30, timeWindow: '1 minute' };
export const SIGNING_SUBMIT_PER_IP = { max: 10, timeWindow: '1 minute' };
/** Links e-mailed per agent an hour (new requests, changes and resends): nobody floods an inbox from the portal. */
const LINKS_PER_AGENT_HOUR = 60;
const SOA_EXPORT = 'soa';

/** The electronic Scope of Appointment (issue 34, docs/decisions/soa-and-ready-to-sell.md). */
export async function soaRoutes(app: FastifyInstance): Promise<void> {
  const { config, clock, storage, mailer } = app.deps;
  const deps: SoaDeps = {
    db: app.db,
    clock,
    storage,
    config,
    sender: emailSoaLinkSender(mailer),
    notify: async (input) => {
      await raiseNotification({ db: app.db, clock, mailer, config, bus: app.notificationBus }, input);
    },
    log: app.log,
  };
  const perAgent = (name: string) => perAgentLimit(`soa-${name}`, LINKS_PER_AGENT_HOUR, '1 hour');
  const actor = (request: FastifyRequest) => ({ agentId: request.agentId, ip: request.ip });

  // ── the agent ───────────────────────────────────────────────────────────────────────────────────────────────
  addRoute(app, contract.listSoas, async (request) => listAgentSoas(deps, request.agentId));
  addRoute(app, contract.getSoa, async (request) => getAgentSoa(deps, request.agentId, request.params.id));
  addRoute(
    app,
    contract.createSoa,
    async (request, reply) => reply.code(201).send(await createAgentSoa(deps, actor(request), request.body)),
    { rateLimit: perAgent('send') },
  );
  addRoute(
    app,
    contract.changeSoa,
    async (request, reply) =>
      reply.code(201).send(await changeAgentSoa(deps, actor(request), request.params.id, request.body)),
    { rateLimit: perAgent('send') },
  );
  addRoute(app, contract.cancelSoa, async (request) => cancelAgentSoa(deps, actor(request), request.params.id));
  addRoute(
    app,
    contract.createSoaLink,
    async (request) => createAgentSoaLink(deps, actor(request), request.params.id, request.body.delivery),
    { rateLimit: perAgent('link') },
  );

  addRoute(
    app,
    contract.createSoaExportToken,
    async (request) => ({
      token: await issueDownloadToken(app.db, { agentId: request.agentId, exportName: SOA_EXPORT }, clock.now()),
    }),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  // one row per version (issue 45): a signed version stays when a later one is cancelled; a replaced one says so
  type ExportRow = { soa: contract.Soa; version: contract.SoaVersion };
  const products = (list: contract.SoaProduct[] | null) =>
    (list ?? []).map((p) => contract.SOA_PRODUCT_LABELS[p]).join(', ');
  const inZone = (at: Date | null, v: contract.SoaVersion) => (at ? writtenTime(at, 'en', v.appointmentTimeZone) : '');
  const exportColumns: XlsxColumn<ExportRow>[] = [
    { header: 'Beneficiary', value: ({ soa }) => soa.beneficiaryName, width: 28 },
    { header: 'E-mail', value: ({ soa }) => soa.email, width: 28 },
    { header: 'Mobile', value: ({ soa }) => soa.mobile, width: 16 },
    { header: 'Language', value: ({ soa }) => contract.SOA_LANGUAGE_LABELS[soa.language], width: 12 },
    { header: 'Version', value: ({ version }) => version.version, width: 8 },
    { header: 'Appointment', value: ({ version }) => inZone(version.appointmentAt, version), width: 44 },
    { header: 'Time zone', value: ({ version }) => version.appointmentTimeZone, width: 20 },
    {
      header: 'Kind',
      value: ({ version }) => contract.SOA_APPOINTMENT_KIND_LABELS[version.appointmentKind],
      width: 12,
    },
    { header: 'Products requested', value: ({ version }) => products(version.products), width: 40 },
    { header: 'Products agreed', value: ({ version }) => products(version.productsAgreed), width: 40 },
    { header: 'Status', value: ({ version }) => version.status, width: 12 },
    {
      header: 'Replaced',
      value: ({ version }) =>
        version.replacedAt
          ? `Replaced by version ${version.version + 1} on ${inZone(version.replacedAt, version)}`
          : '',
      width: 44,
    },
    {
      header: 'Flags',
      value: ({ version }) => version.flags.map((f) => contract.SOA_FLAG_LABELS[f]).join('; '),
      width: 40,
    },
    {
      header: 'Exception',
      value: ({ version }) => (version.exceptionReason ? contract.SOA_EXCEPTION_LABELS[version.exceptionReason] : ''),
      width: 30,
    },
    { header: 'Signed by', value: ({ version }) => version.signerName ?? '', width: 24 },
    { header: 'Representative', value: ({ version }) => version.signerRelationship ?? '', width: 16 },
    { header: 'Signed', value: ({ version }) => inZone(version.signedAt, version), width: 44 },
    { header: 'SHA-256', value: ({ version }) => version.sha256 ?? '', width: 66 },
  ];

  addRoute(
    app,
    contract.exportSoas,
    async (request, reply) => {
      if (request.method === 'HEAD') throw new AppError('NOT_FOUND', 'Not found');
      const { token } = request.params;
      if (!isWellFormedDownloadToken(token)) throw new AppError('NOT_FOUND', 'Not found');
      const bearerAgentId = await app.optionalAgentId(request);
      const agentId = await redeemExportToken(app.db, token, {
        exportName: SOA_EXPORT,
        now: clock.now(),
        agentId: bearerAgentId,
      });
      if (!agentId) {
        // with a bearer, a token that is not this agent's is "not found" (and stays unspent for its owner)
        if (bearerAgentId) throw new AppError('NOT_FOUND', 'Not found');
        throw new AppError('GONE', DOWNLOAD_EXPIRED_MESSAGE);
      }
      return sendXlsx(reply, {
        fileName: contract.SOA_TEXT.exportFileName,
        sheetName: 'SOA',
        columns: exportColumns,
        // the list's order, each SOA's versions newest first; at most the list's length (AGENT_LIST_LIMIT) of SOAs
        rows: await listAgentSoaVersions(deps, agentId),
      });
    },
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );

  // ── the public signing page: the e-mailed token is the bearer; never indexed, never cached ───────────────────
  await app.register(async (signing) => {
    signing.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
    });
    addRoute(signing, contract.getSoaSigning, async (request) => getSigningPage(deps, bearerToken(request)), {
      rateLimit: SIGNING_PAGE_PER_IP,
    });
    addRoute(
      signing,
      contract.signSoa,
      async (request) => {
        await signWithLink(deps, bearerToken(request), request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        });
        return { state: 'signed' as const };
      },
      { rateLimit: SIGNING_SUBMIT_PER_IP },
    );
  });

  // ── staff: look-up for an audit, the retention purge ────────────────────────────────────────────────────────
  addRoute(app, contract.findStaffSoas, async (request) =>
    findSoasForStaff(deps, request.query, contract.STAFF_SOA_LIMIT),
  );
  addRoute(app, contract.getStaffSoa, async (request) => getSoaForStaff(deps, request.params.id));
  addRoute(app, contract.downloadStaffSoaPdf, async (request, reply) => {
    const { file, stream } = await openSoaPdfForStaff(deps, request.params.id, request.params.version, {
      staffId: request.staff.id,
      ip: request.ip,
    });
    return sendFile(reply, { stream, name: file.name, contentType: 'application/pdf', size: file.size });
  });
  addRoute(app, contract.purgeSoas, async (request) => ({
    purged: await purgeExpiredSoas(deps, { staffId: request.staff.id, ip: request.ip }),
  }));
}
