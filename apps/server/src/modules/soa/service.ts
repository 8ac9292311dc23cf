import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  agentTimeZone,
  formatInstant,
  MESSAGES,
  soaPaths,
  SOA_EXCEPTION_LABELS,
  SOA_RETENTION_YEARS,
  SOA_TEXT,
  SOA_VALID_MONTHS,
  soaFlags,
  soaRuleSetFor,
  type ChangeSoaRequest,
  type CreateSoaRequest,
  type SignSoaRequest,
  type Soa,
  type SoaAppointmentKind,
  type SoaDetail,
  type SoaException,
  type SoaLanguage,
  type SoaLink,
  type SoaProduct,
  type SoaSigning,
  type SoaStatus,
  type SoaVersion,
  type StaffSoa,
  type StaffSoaDetail,
} from '@arc/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isActiveStatus } from '../../identity/account.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { inertText } from '../../platform/inert-text.ts';
import type { Storage } from '../../platform/storage.ts';
import { hashToken, randomId, randomToken } from '../../platform/tokens.ts';
import { recordAudit } from '../audit/service.ts';
import { getMessageDisclaimer } from '../disclaimer/service.ts';
import type { RaiseNotification } from '../notifications/service.ts';
import { buildSoaPdf } from './pdf.ts';
import {
  deleteSoas,
  fileIdsOf,
  findLink,
  findSoa,
  insertFile,
  insertLink,
  insertSoa,
  insertVersion,
  lockAgentSoa,
  markOpened,
  selectAgent,
  selectAgentSoas,
  selectClientSoas,
  selectClientZip,
  selectSignedScopes,
  selectFile,
  selectPurgeable,
  selectStaffSoas,
  setSoa,
  setVersion,
  signVersion,
  spendLinkForSignature,
  spendLinks,
  versionsOf,
  type SoaRow,
  type SoaVersionRow,
} from './queries.ts';
import type { SoaLinkSender } from './sender.ts';

export interface SoaDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
  config: Pick<Config, 'publicUrl' | 'providerName' | 'businessTimeZone'>;
  sender: SoaLinkSender;
  /** the agent's notification (notification centre + e-mail, modules/notifications) */
  notify: (input: RaiseNotification) => Promise<void>;
  log: { error(obj: unknown, msg?: string): void };
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** A link works until a day after the appointment: at least a day, at most 60 days from when it is sent. */
const LINK_MIN_MS = DAY_MS;
const LINK_MAX_MS = 60 * DAY_MS;

export function linkExpiry(appointmentAt: Date, now: Date): Date {
  const wanted = Math.max(appointmentAt.getTime() + DAY_MS, now.getTime() + LINK_MIN_MS);
  return new Date(Math.min(wanted, now.getTime() + LINK_MAX_MS));
}

const addYears = (at: Date, years: number) => {
  const next = new Date(at);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
};
const addMonths = (at: Date, months: number) => {
  const next = new Date(at);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
};

const notFound = () => new AppError('NOT_FOUND', SOA_TEXT.notFound);
/** One answer for every link that cannot be used (unknown, spent, expired, cancelled): no enumeration. */
const linkExpired = () => new AppError('GONE', MESSAGES.linkExpired);

/**
 * The SOA's agent while their account is active; undefined once it is deactivated (or gone). A deactivated agent's
 * links answer like any unusable link, and nothing is e-mailed in their name; a reactivated agent's links that are
 * still unspent and unexpired work again (deactivation spends nothing, so reactivation needs no re-sending).
 */
async function activeAgent(db: Db, agentId: string) {
  const agent = await selectAgent(db, agentId);
  return agent && isActiveStatus(agent.status) ? agent : undefined;
}

/** The agent who asks, still active: the auth plugin's status check is cached, this read is not. */
async function assertActiveActor(db: Db, agentId: string): Promise<void> {
  // the auth plugin's answer for an inactive account: not told apart from an invalid token
  if (!(await activeAgent(db, agentId))) throw new AppError('UNAUTHORIZED', 'Invalid token');
}

/** An instant written out for the beneficiary: in the appointment's zone, with its name, in their language. */
export function writtenTime(at: Date, language: SoaLanguage, timeZone: string): string {
  return formatInstant(at, timeZone, 'long', language === 'es' ? 'es-US' : 'en-US');
}

/** The zone a version's appointment was booked in (the business zone for versions made before it was kept). */
export const appointmentZone = (row: Pick<SoaVersionRow, 'appointmentTimeZone'>, businessTimeZone: string): string =>
  row.appointmentTimeZone ?? businessTimeZone;

/** No backdating (issue 45): an appointment must be after now. */
function assertFuture(appointmentAt: Date, now: Date): void {
  if (appointmentAt.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', SOA_TEXT.appointmentPast);
}

// ── reading ─────────────────────────────────────────────────────────────────────────────────────────────────────

function statusOf(soa: SoaRow, version: SoaVersionRow, now: Date): SoaStatus {
  const isCurrent = version.version === soa.currentVersion;
  if (soa.cancelledAt && isCurrent) return 'Cancelled';
  if (version.signedAt) return version.validUntil && version.validUntil <= now ? 'Expired' : 'Signed';
  if (!isCurrent) return 'Cancelled';
  if (version.linkExpiresAt <= now) return 'Expired';
  return version.openedAt ? 'Opened' : 'Sent';
}

function toVersion(soa: SoaRow, row: SoaVersionRow, deps: Pick<SoaDeps, 'clock' | 'config'>): SoaVersion {
  const now = deps.clock.now();
  const status = statusOf(soa, row, now);
  return {
    version: row.version,
    appointmentAt: row.appointmentAt,
    appointmentTimeZone: appointmentZone(row, deps.config.businessTimeZone),
    appointmentKind: row.appointmentKind as SoaAppointmentKind,
    products: row.products as SoaProduct[],
    exceptionReason: row.exceptionReason as SoaException | null,
    ruleSet: row.ruleSet,
    status,
    flags: soaFlags(
      {
        appointmentAt: row.appointmentAt,
        exceptionReason: row.exceptionReason as SoaException | null,
        signedAt: row.signedAt,
        isOpen: status === 'Sent' || status === 'Opened',
      },
      now,
      deps.config.businessTimeZone,
    ),
    sentAt: row.sentAt,
    openedAt: row.openedAt,
    signedAt: row.signedAt,
    signerName: row.signerName,
    signerRelationship: row.signerRelationship,
    productsAgreed: row.productsAgreed as SoaProduct[] | null,
    validUntil: row.validUntil,
    file: row.fileId,
    sha256: row.sha256,
    replacedAt: row.replacedAt,
  };
}

function toSoa(soa: SoaRow, current: SoaVersionRow, deps: Pick<SoaDeps, 'clock' | 'config'>): Soa {
  return {
    id: soa.id,
    beneficiaryName: soa.beneficiaryName,
    email: soa.email,
    mobile: soa.mobile,
    language: soa.language as SoaLanguage,
    createdAt: soa.createdAt,
    cancelledAt: soa.cancelledAt,
    current: toVersion(soa, current, deps),
  };
}

async function detailOf(deps: Pick<SoaDeps, 'db' | 'clock' | 'config'>, soa: SoaRow): Promise<SoaDetail> {
  const versions = await versionsOf(deps.db, [soa.id]);
  const current = versions.find((v) => v.version === soa.currentVersion);
  if (!current) throw notFound();
  return { ...toSoa(soa, current, deps), versions: versions.map((v) => toVersion(soa, v, deps)) };
}

/** Unsigned and still open first, the nearest appointment first; then the rest, newest request first. */
export function sortForList(rows: Soa[]): Soa[] {
  const isOpen = (soa: Soa) => soa.current.status === 'Sent' || soa.current.status === 'Opened';
  const open = rows
    .filter(isOpen)
    .sort((a, b) => a.current.appointmentAt.getTime() - b.current.appointmentAt.getTime());
  const rest = rows.filter((soa) => !isOpen(soa));
  return [...open, ...rest];
}

export async function listAgentSoas(deps: SoaDeps, agentId: string): Promise<Soa[]> {
  const rows = await selectAgentSoas(deps.db, agentId);
  return sortForList(rows.map(({ soa, version }) => toSoa(soa, version, deps)));
}

/** The SOAs of a client (issue 46, modules/clients/): their state as the SOA page shows it. */
export async function listClientSoas(deps: Pick<SoaDeps, 'db' | 'clock' | 'config'>, clientId: string): Promise<Soa[]> {
  const rows = await selectClientSoas(deps.db, clientId);
  return rows.map(({ soa, version }) => toSoa(soa, version, deps));
}

/** A signed SOA's scope: the products agreed, the appointment and the signature. */
export interface SignedScope {
  products: readonly string[];
  appointmentAt: Date;
  signedAt: Date;
}

/** The signed, not cancelled SOAs of these clients (their current versions), by client: the enrollment scope check. */
export async function listSignedScopesOfClients(
  db: Db,
  clientIds: readonly string[],
): Promise<Map<string, SignedScope[]>> {
  const byClient = new Map<string, SignedScope[]>();
  for (const row of await selectSignedScopes(db, [...new Set(clientIds)])) {
    if (!row.clientId || !row.signedAt) continue;
    const scopes = byClient.get(row.clientId) ?? [];
    scopes.push({ products: row.products ?? [], appointmentAt: row.appointmentAt, signedAt: row.signedAt });
    byClient.set(row.clientId, scopes);
  }
  return byClient;
}

/** Every version of the agent's SOAs, for the export: one row per version, the list's order, newest version first. */
export async function listAgentSoaVersions(
  deps: SoaDeps,
  agentId: string,
): Promise<{ soa: Soa; version: SoaVersion }[]> {
  const listed = await listAgentSoas(deps, agentId);
  const rows = await selectAgentSoas(deps.db, agentId);
  const byId = new Map(rows.map(({ soa }) => [soa.id, soa]));
  const versions = await versionsOf(
    deps.db,
    listed.map((soa) => soa.id),
  );
  return listed.flatMap((soa) => {
    const row = byId.get(soa.id)!;
    return versions
      .filter((v) => v.soaId === soa.id)
      .sort((a, b) => b.version - a.version)
      .map((v) => ({ soa, version: toVersion(row, v, deps) }));
  });
}

export async function getAgentSoa(deps: SoaDeps, agentId: string, soaId: string): Promise<SoaDetail> {
  const soa = await findSoa(deps.db, soaId, agentId);
  if (!soa) throw notFound();
  return detailOf(deps, soa);
}

// ── asking, changing, cancelling ────────────────────────────────────────────────────────────────────────────────

interface Actor {
  agentId: string;
  ip: string;
}

async function issueLink(tx: Db, soaId: string, version: number, expiresAt: Date, now: Date): Promise<string> {
  const token = randomToken();
  await insertLink(tx, { tokenHash: hashToken(token), soaId, version, createdAt: now, expiresAt });
  return token;
}

/** E-mails the link, in the name of an active agent only (a deactivated agent's SOAs get no mail of any kind). */
async function sendLink(deps: SoaDeps, soa: SoaRow, version: SoaVersionRow, token: string): Promise<string | null> {
  const agent = await activeAgent(deps.db, soa.agentId);
  if (!agent) return null;
  const language = soa.language as SoaLanguage;
  // the beneficiary's area, once the SOA is linked to a client with a ZIP: the agent's counts there
  const zip = soa.clientId ? await selectClientZip(deps.db, soa.clientId, soa.agentId) : null;
  const disclaimer = await getMessageDisclaimer(
    { db: deps.db, clock: deps.clock, timeZone: deps.config.businessTimeZone },
    soa.agentId,
    { language, zip },
  );
  return deps.sender.send({
    email: soa.email,
    mobile: soa.mobile,
    language,
    beneficiaryName: soa.beneficiaryName,
    agentName: `${agent.firstName} ${agent.lastName}`,
    appointment: writtenTime(version.appointmentAt, language, appointmentZone(version, deps.config.businessTimeZone)),
    link: `${deps.config.publicUrl}${soaPaths.sign(token)}`,
    providerName: deps.config.providerName,
    disclaimer,
  });
}

export async function createAgentSoa(
  deps: SoaDeps,
  actor: Actor,
  input: CreateSoaRequest,
): Promise<{ soa: Soa; link: SoaLink }> {
  await assertActiveActor(deps.db, actor.agentId);
  const now = deps.clock.now();
  assertFuture(input.appointmentAt, now);
  const agent = await selectAgent(deps.db, actor.agentId);
  const appointmentTimeZone =
    input.appointmentTimeZone ??
    agentTimeZone(agent?.timeZone ?? null, agent?.state ?? null, deps.config.businessTimeZone);
  const soaId = `soa_${randomId()}`;
  const ruleSet = soaRuleSetFor(input.appointmentAt, deps.config.businessTimeZone);
  const soaRow: SoaRow = {
    id: soaId,
    agentId: actor.agentId,
    beneficiaryName: input.beneficiaryName,
    email: input.email,
    mobile: input.mobile,
    language: input.language,
    currentVersion: 1,
    createdAt: now,
    cancelledAt: null,
    clientId: null,
  };
  const versionRow = {
    soaId,
    version: 1,
    appointmentAt: input.appointmentAt,
    appointmentTimeZone,
    appointmentKind: input.appointmentKind,
    products: [...new Set(input.products)],
    exceptionReason: input.exceptionReason,
    ruleSet: ruleSet.id,
    sentAt: now,
    linkExpiresAt: linkExpiry(input.appointmentAt, now),
    retainUntil: addYears(now, SOA_RETENTION_YEARS),
  };
  const token = await deps.db.transaction(async (tx) => {
    await insertSoa(tx, soaRow);
    await insertVersion(tx, versionRow);
    await recordAudit(
      { db: tx, clock: deps.clock },
      { agentId: actor.agentId, ip: actor.ip, action: 'soa.requested', subject: soaId, detail: { version: 1 } },
    );
    return issueLink(tx, soaId, 1, versionRow.linkExpiresAt, now);
  });
  const stored = await findSoa(deps.db, soaId, actor.agentId);
  const [current] = await versionsOf(deps.db, [soaId]);
  const sentTo = await sendLink(deps, stored!, current!, token);
  return { soa: toSoa(stored!, current!, deps), link: { path: null, sentTo } };
}

/**
 * A new appointment date or exception reason: a new version (its own link now, its own PDF once signed). The
 * earlier version keeps everything it had, signature and PDF included; its links stop working.
 */
export async function changeAgentSoa(
  deps: SoaDeps,
  actor: Actor,
  soaId: string,
  input: ChangeSoaRequest,
): Promise<SoaDetail> {
  await assertActiveActor(deps.db, actor.agentId);
  const now = deps.clock.now();
  assertFuture(input.appointmentAt, now);
  const result = await deps.db.transaction(async (tx) => {
    const soa = await lockAgentSoa(tx, soaId, actor.agentId);
    if (!soa) throw notFound();
    if (soa.cancelledAt) throw new AppError('CONFLICT', SOA_TEXT.cancelledAlready);
    const [current] = (await versionsOf(tx, [soaId])).filter((v) => v.version === soa.currentVersion);
    if (!current) throw notFound();
    const version = soa.currentVersion + 1;
    const next = {
      soaId,
      version,
      appointmentAt: input.appointmentAt,
      appointmentTimeZone: input.appointmentTimeZone ?? current.appointmentTimeZone,
      appointmentKind: current.appointmentKind,
      products: current.products,
      exceptionReason: input.exceptionReason,
      ruleSet: soaRuleSetFor(input.appointmentAt, deps.config.businessTimeZone).id,
      sentAt: now,
      linkExpiresAt: linkExpiry(input.appointmentAt, now),
      retainUntil: addYears(now, SOA_RETENTION_YEARS),
    };
    await setVersion(tx, soaId, current.version, { replacedAt: now });
    await insertVersion(tx, next);
    await setSoa(tx, soaId, { currentVersion: version });
    await spendLinks(tx, soaId, now);
    await recordAudit(
      { db: tx, clock: deps.clock },
      { agentId: actor.agentId, ip: actor.ip, action: 'soa.changed', subject: soaId, detail: { version } },
    );
    const token = await issueLink(tx, soaId, version, next.linkExpiresAt, now);
    return { soa: { ...soa, currentVersion: version }, token };
  });
  const [current] = await versionsOf(deps.db, [soaId]);
  await sendLink(deps, result.soa, current!, result.token);
  return detailOf(deps, result.soa);
}

export async function cancelAgentSoa(deps: SoaDeps, actor: Actor, soaId: string): Promise<SoaDetail> {
  const now = deps.clock.now();
  const soa = await deps.db.transaction(async (tx) => {
    const row = await lockAgentSoa(tx, soaId, actor.agentId);
    if (!row) throw notFound();
    if (row.cancelledAt) throw new AppError('CONFLICT', SOA_TEXT.cancelledAlready);
    await setSoa(tx, soaId, { cancelledAt: now });
    await spendLinks(tx, soaId, now);
    await recordAudit(
      { db: tx, clock: deps.clock },
      { agentId: actor.agentId, ip: actor.ip, action: 'soa.cancelled', subject: soaId },
    );
    return { ...row, cancelledAt: now };
  });
  return detailOf(deps, soa);
}

/** A fresh link for the current, unsigned version: e-mailed again, or answered to open on the agent's device. */
export async function createAgentSoaLink(
  deps: SoaDeps,
  actor: Actor,
  soaId: string,
  delivery: 'email' | 'device',
): Promise<SoaLink> {
  await assertActiveActor(deps.db, actor.agentId);
  const now = deps.clock.now();
  const { soa, version, token } = await deps.db.transaction(async (tx) => {
    const row = await lockAgentSoa(tx, soaId, actor.agentId);
    if (!row) throw notFound();
    if (row.cancelledAt) throw new AppError('CONFLICT', SOA_TEXT.cancelledAlready);
    const [current] = (await versionsOf(tx, [soaId])).filter((v) => v.version === row.currentVersion);
    if (!current) throw notFound();
    if (current.signedAt) throw new AppError('CONFLICT', SOA_TEXT.notOpen);
    if (delivery === 'email' && !row.email) throw new AppError('BAD_REQUEST', SOA_TEXT.noEmail);
    await spendLinks(tx, soaId, now);
    const expiresAt = linkExpiry(current.appointmentAt, now);
    await setVersion(tx, soaId, current.version, { linkExpiresAt: expiresAt });
    return { soa: row, version: current, token: await issueLink(tx, soaId, current.version, expiresAt, now) };
  });
  if (delivery === 'device') return { path: soaPaths.sign(token), sentTo: null };
  return { path: null, sentTo: await sendLink(deps, soa, version, token) };
}

// ── the public signing page ─────────────────────────────────────────────────────────────────────────────────────

async function usableLink(deps: Pick<SoaDeps, 'db' | 'clock'>, token: string | undefined) {
  if (!token) return undefined;
  return findLink(deps.db, hashToken(token));
}

/**
 * What the signing page shows for a link: the form while the link is usable (and the version "Opened"), only
 * the confirmation once it was signed, and one "expired" answer for everything else.
 */
export async function getSigningPage(deps: SoaDeps, token: string | undefined): Promise<SoaSigning> {
  const found = await usableLink(deps, token);
  if (!found) throw linkExpired();
  const { link, soa, version } = found;
  // a deactivated agent's links are unusable, signed ones included: no name, NPN or phone of theirs is shown
  const agent = await activeAgent(deps.db, soa.agentId);
  if (!agent) throw linkExpired();
  if (link.isSigned) return { state: 'signed' };
  const now = deps.clock.now();
  if (link.usedAt || link.expiresAt <= now || soa.cancelledAt || version.signedAt || version.replacedAt)
    throw linkExpired();
  await markOpened(deps.db, soa.id, version.version, now);
  return {
    state: 'open',
    language: soa.language as SoaLanguage,
    beneficiaryName: soa.beneficiaryName,
    agent: { name: `${agent.firstName} ${agent.lastName}`, npn: agent.npn, phone: agent.phone },
    appointmentAt: version.appointmentAt,
    appointmentTimeZone: appointmentZone(version, deps.config.businessTimeZone),
    appointmentKind: version.appointmentKind as SoaAppointmentKind,
    products: version.products as SoaProduct[],
  };
}

/** The agent's news of a signature: in the notification centre as typed, in the e-mail with the names inert. */
const signedNotice = (name: string, version: number, relationship: string | null) => ({
  title: `${name} signed the Scope of Appointment`,
  body:
    `${name}'s Scope of Appointment (version ${version}) was signed` +
    `${relationship ? ` by an authorized representative (${relationship})` : ''}. The signed PDF is on the SOA page.`,
});

/** The signed content, in a fixed key order: what the SHA-256 in the PDF and the record covers. */
export function signedContent(fields: Record<string, unknown>): string {
  return JSON.stringify(fields);
}

/**
 * Signs with the link: the PDF is written and stored first, then one transaction spends the link (a conditional
 * UPDATE: of two concurrent signatures one wins), records the file and the signature; the loser's PDF is deleted.
 * The agent is told after the commit.
 */
export async function signWithLink(
  deps: SoaDeps,
  token: string | undefined,
  input: SignSoaRequest,
  client: { ip: string; userAgent: string },
): Promise<void> {
  const found = await usableLink(deps, token);
  const now = deps.clock.now();
  if (!token || !found) throw linkExpired();
  const { link, soa, version } = found;
  if (link.usedAt || link.expiresAt <= now || soa.cancelledAt || version.signedAt || version.replacedAt)
    throw linkExpired();
  const requested = version.products as SoaProduct[];
  const agreed = requested.filter((product) => input.products.includes(product));
  const agent = await activeAgent(deps.db, soa.agentId);
  if (!agent) throw linkExpired();
  if (agreed.length !== new Set(input.products).size)
    throw new AppError('BAD_REQUEST', 'Only the products the agent listed can be ticked.');

  const language = soa.language as SoaLanguage;
  const zone = appointmentZone(version, deps.config.businessTimeZone);
  const relationship = input.signer === 'representative' ? input.relationship : null;
  const userAgent = client.userAgent.slice(0, 400);
  const agentName = `${agent.firstName} ${agent.lastName}`;
  const content = signedContent({
    soaId: soa.id,
    version: version.version,
    agent: { name: agentName, npn: agent.npn },
    beneficiaryName: soa.beneficiaryName,
    language,
    appointmentAt: version.appointmentAt.toISOString(),
    appointmentTimeZone: zone,
    appointmentKind: version.appointmentKind,
    productsRequested: requested,
    productsAgreed: agreed,
    exceptionReason: version.exceptionReason,
    ruleSet: version.ruleSet,
    signer: { kind: input.signer, name: input.signerName, relationship },
    signedAt: now.toISOString(),
    ip: client.ip,
    userAgent,
  });
  const sha256 = createHash('sha256').update(content).digest('hex');
  const pdf = await buildSoaPdf(
    {
      providerName: deps.config.providerName,
      language,
      soaId: soa.id,
      version: version.version,
      agent: { name: agentName, npn: agent.npn, phone: agent.phone },
      beneficiaryName: soa.beneficiaryName,
      appointment: {
        when: writtenTime(version.appointmentAt, language, zone),
        kind: version.appointmentKind as SoaAppointmentKind,
      },
      productsRequested: requested,
      productsAgreed: agreed,
      exceptionLabel: version.exceptionReason ? SOA_EXCEPTION_LABELS[version.exceptionReason as SoaException] : null,
      signer: { name: input.signerName, relationship },
      signedAt: writtenTime(now, language, zone),
      ip: client.ip,
      userAgent,
      sha256,
    },
    now,
  );
  const fileId = `fil_${randomId()}`;
  const storageKey = `soa/${fileId}.pdf`;
  const { size } = await deps.storage.put(storageKey, Readable.from([Buffer.from(pdf)]));
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await spendLinkForSignature(tx, hashToken(token), now))) throw linkExpired();
      await insertFile(tx, {
        id: fileId,
        name: `SOA ${soa.beneficiaryName} v${version.version}.pdf`.replace(/[\\/:*?"<>|]/g, '-'),
        contentType: 'application/pdf',
        size,
        storageKey,
        ownerAgentId: soa.agentId,
        createdAt: now,
      });
      const isSigned = await signVersion(tx, soa.id, version.version, {
        signedAt: now,
        signerName: input.signerName,
        signerRelationship: relationship,
        productsAgreed: agreed,
        signerIp: client.ip,
        signerUserAgent: userAgent,
        sha256,
        fileId,
        validUntil: addMonths(now, SOA_VALID_MONTHS),
        retainUntil: addYears(now, SOA_RETENTION_YEARS),
      });
      if (!isSigned) throw linkExpired();
      await recordAudit(
        { db: tx, clock: deps.clock },
        {
          agentId: soa.agentId,
          ip: client.ip,
          action: 'soa.signed',
          subject: soa.id,
          detail: { version: version.version, sha256, file: fileId, representative: relationship !== null },
        },
      );
    });
  } catch (err) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw err;
  }
  try {
    const notice = signedNotice(soa.beneficiaryName, version.version, relationship);
    // the e-mail says the same with the typed names inert (platform/inert-text.ts): no link but the portal's
    const inert = signedNotice(
      inertText(soa.beneficiaryName),
      version.version,
      relationship && inertText(relationship),
    );
    await deps.notify({
      agentId: soa.agentId,
      kind: 'soa-signed',
      ...notice,
      link: soaPaths.list,
      email: {
        subject: `${deps.config.providerName}: ${inert.title}`,
        text: `Hello ${inertText(agent.firstName)},\n\n${inert.body}\n\n${new URL(soaPaths.list, deps.config.publicUrl).href}\n`,
      },
    });
  } catch (err) {
    // the signature stands: the agent sees it in the list even if the notice failed
    deps.log.error({ err, soaId: soa.id }, 'SOA signed notification failed');
  }
}

// ── staff ───────────────────────────────────────────────────────────────────────────────────────────────────────

const agentOf = (agent: { npn: string; firstName: string; lastName: string }) => ({
  npn: agent.npn,
  name: `${agent.firstName} ${agent.lastName}`,
});

export async function findSoasForStaff(
  deps: SoaDeps,
  filter: { npn?: string | undefined; beneficiary?: string | undefined },
  limit: number,
): Promise<StaffSoa[]> {
  const rows = await selectStaffSoas(deps.db, filter, limit);
  return rows.map(({ soa, version, agent }) => ({ ...toSoa(soa, version, deps), agent: agentOf(agent) }));
}

export async function getSoaForStaff(deps: SoaDeps, soaId: string): Promise<StaffSoaDetail> {
  const soa = await findSoa(deps.db, soaId);
  if (!soa) throw notFound();
  const agent = await selectAgent(deps.db, soa.agentId);
  if (!agent) throw notFound();
  return { ...(await detailOf(deps, soa)), agent: agentOf(agent) };
}

/** A signed version's PDF for staff, recorded in the audit log. */
export async function openSoaPdfForStaff(
  deps: SoaDeps,
  soaId: string,
  version: number,
  actor: { staffId: string; ip: string },
) {
  const soa = await findSoa(deps.db, soaId);
  const row = soa && (await versionsOf(deps.db, [soaId])).find((v) => v.version === version);
  const file = row?.fileId ? await selectFile(deps.db, row.fileId) : undefined;
  if (!soa || !file) throw notFound();
  await recordAudit(deps, {
    agentId: soa.agentId,
    staffId: actor.staffId,
    ip: actor.ip,
    action: 'soa.pdf-read',
    subject: soaId,
    detail: { version },
  });
  return { file, stream: await deps.storage.get(file.storageKey) };
}

/**
 * The retention purge: SOAs every version of which is past its ten years (from the signature, or from the request
 * when never signed) are deleted with their PDFs. Nothing younger is touched, whoever asks.
 */
export async function purgeExpiredSoas(
  deps: Pick<SoaDeps, 'db' | 'clock' | 'storage'>,
  by: { staffId: string | null; ip: string | null },
): Promise<number> {
  const now = deps.clock.now();
  let purged = 0;
  for (;;) {
    const soaIds = await selectPurgeable(deps.db, now, 200);
    if (soaIds.length === 0) break;
    const stored = await fileIdsOf(deps.db, soaIds);
    await deps.db.transaction(async (tx) => {
      await deleteSoas(
        tx,
        soaIds,
        stored.map((f) => f.id),
      );
      await recordAudit(
        { db: tx, clock: deps.clock },
        {
          agentId: null,
          staffId: by.staffId,
          ip: by.ip,
          action: 'soa.purged',
          detail: { count: soaIds.length, by: by.staffId ?? 'retention job' },
        },
      );
    });
    for (const file of stored) await deps.storage.delete(file.storageKey).catch(() => undefined);
    purged += soaIds.length;
  }
  return purged;
}
