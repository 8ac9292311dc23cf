import {
  CLIENT_PAGE_SIZE,
  CLIENT_TEXT,
  datePartsIn,
  maskMbi,
  normaliseMbi,
  type Client,
  type ClientDetail,
  type ClientDue,
  type ClientInput,
  type ClientLanguage,
  type ClientPage,
  type ClientStatus,
  type ContactMethod,
  type CreateClientRequest,
  type EnrollmentStatus,
  type FindClientsQuery,
  type SoaProduct,
  type StaffClient,
} from '@arc/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { randomId } from '../../platform/tokens.ts';
import { keysetRows } from '../../platform/xlsx.ts';
import { recordAudit } from '../audit/service.ts';
import { listClientSoas } from '../soa/service.ts';
import { decryptMbi, encryptMbi, isUnderOldKey, type ClientDataKeys } from './mbi-cipher.ts';
import {
  deleteClient,
  findClient,
  insertClient,
  linkEnrollment,
  linkSoa,
  moveLinks,
  positionOf,
  selectAgentById,
  selectAgentByNpn,
  selectClientCounties,
  selectClientEnrollments,
  selectClientPage,
  selectDuplicates,
  selectMbisToRekey,
  setClient,
  type ClientFilter,
  type ClientPosition,
  type ClientRow,
  type NewClientRow,
} from './queries.ts';

/** The clients area (issue 46): the agent's book of business. */
export interface ClientDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'businessTimeZone' | 'publicUrl' | 'providerName' | 'clientDataKeys'>;
}

/** Who acts: the agent (their own clients) or a staff member (any client, read only, audited). */
export interface AgentActor {
  agentId: string;
  ip: string;
}

const clientNotFound = () => notFound(CLIENT_TEXT.notFound);

// ── shapes ─────────────────────────────────────────────────────────────────────────────────────────────────────

export function toClient(row: ClientRow): Client {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    birthDate: row.birthDate,
    phone: row.phone,
    email: row.email,
    street: row.street,
    city: row.city,
    state: row.state,
    zip: row.zip,
    county: row.county,
    language: row.language as ClientLanguage,
    mbiMasked: maskMbi(row.mbiLast4),
    consentToContact: row.consentToContact,
    consentMethods: row.consentMethods as ContactMethod[],
    status: row.status as ClientStatus,
    notes: row.notes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The phone's digits as the search compares them: no punctuation, no leading country code 1. */
export function phoneDigitsOf(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The row's values from the form's; the MBI apart (it needs the row's id). */
function valuesOf(input: ClientInput): Omit<NewClientRow, 'id' | 'agentId' | 'createdAt' | 'updatedAt'> {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    birthDate: input.birthDate === '' ? null : input.birthDate,
    phone: input.phone,
    phoneDigits: phoneDigitsOf(input.phone),
    email: input.email.toLowerCase(),
    street: input.street,
    city: input.city,
    state: input.state,
    zip: input.zip,
    county: input.county,
    language: input.language,
    consentToContact: input.consentToContact,
    consentMethods: input.consentToContact ? [...new Set(input.consentMethods)] : [],
    status: input.status,
    notes: input.notes,
  };
}

/** The stored MBI columns for a form's `mbi`: null keeps, '' removes, a value encrypts. */
function mbiColumns(keys: ClientDataKeys, clientId: string, mbi: string | null) {
  if (mbi === null) return {};
  if (mbi === '') return { mbiEncrypted: null, mbiLast4: null };
  const normalised = normaliseMbi(mbi);
  return { mbiEncrypted: encryptMbi(keys, clientId, normalised), mbiLast4: normalised.slice(-4) };
}

// ── what is due ────────────────────────────────────────────────────────────────────────────────────────────────

const dayText = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(at);

/**
 * What the agent should do next for this client: an SOA still unsigned, a pended enrollment (with its reason), and
 * from August 1 until the Annual Enrollment Period opens (October 15) the annual review of an active client.
 */
export function dueOf(
  client: ClientRow,
  soas: ClientDetail['soas'],
  enrollments: ClientDetail['enrollments'],
  now: Date,
  timeZone: string,
): ClientDue[] {
  const due: ClientDue[] = [];
  for (const soa of soas) {
    if (soa.status === 'Sent' || soa.status === 'Opened') {
      due.push({
        kind: 'soa-unsigned',
        text: `The SOA for the appointment of ${dayText(soa.appointmentAt, timeZone)} is not signed yet.`,
      });
    }
  }
  for (const enrollment of enrollments) {
    if (enrollment.status === 'Pended') {
      const what = enrollment.productName ?? 'The enrollment';
      due.push({
        kind: 'enrollment-pended',
        text: `${what} received ${dayText(enrollment.receivedAt, timeZone)} is pended${enrollment.reason ? `: ${enrollment.reason}` : ''}.`,
      });
    }
  }
  const { month, day } = datePartsIn(now, timeZone);
  const isBeforeAep = month === 8 || month === 9 || (month === 10 && day < 15);
  if (client.status === 'Active' && isBeforeAep) {
    due.push({
      kind: 'annual-review',
      text: 'The annual review, before the Annual Enrollment Period opens on October 15.',
    });
  }
  return due;
}

async function detailOf(deps: ClientDeps, row: ClientRow): Promise<ClientDetail> {
  const [soaRows, enrollmentRows, duplicates] = await Promise.all([
    listClientSoas(deps, row.id),
    selectClientEnrollments(deps.db, row.id),
    selectDuplicates(deps.db, row),
  ]);
  const soas = soaRows.map((soa) => ({
    id: soa.id,
    createdAt: soa.createdAt,
    appointmentAt: soa.current.appointmentAt,
    status: soa.current.status,
    products: soa.current.products,
    signedAt: soa.current.signedAt,
  }));
  const enrollments = enrollmentRows.map((e) => ({
    ...e,
    status: e.status as EnrollmentStatus,
    productType: e.productType as SoaProduct | null,
  }));
  return {
    ...toClient(row),
    soas,
    enrollments,
    due: dueOf(row, soas, enrollments, deps.clock.now(), deps.config.businessTimeZone),
    duplicates: duplicates.map(toClient),
  };
}

// ── the search ─────────────────────────────────────────────────────────────────────────────────────────────────

const MBI_LAST4 = /^[A-Za-z]{2}\d{2}$/;
const PHONE_LIKE = /^[\d\s().+-]+$/;

/** The birth dates of people who turn 65 from today to a month from today (business time zone). */
export function turning65Range(now: Date, timeZone: string): [string, string] {
  const { year, month, day } = datePartsIn(now, timeZone);
  const from = new Date(Date.UTC(year - 65, month - 1, day));
  const to = new Date(Date.UTC(year - 65, month, day));
  return [from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)];
}

/**
 * The query's words as the filter's parts: an e-mail (has an @), a phone (digits and punctuation, 3 digits or more),
 * an MBI's last 4 (two letters, two digits; also tried as a name), else a name.
 */
export function filterOf(agentId: string, query: FindClientsQuery, now: Date, timeZone: string): ClientFilter {
  const filter: ClientFilter = {
    agentId,
    county: query.county || undefined,
    language: query.language || undefined,
    status: query.status || undefined,
    birthBetween: query.turning65 === 'true' ? turning65Range(now, timeZone) : undefined,
  };
  const q = (query.q ?? '').trim();
  if (q === '') return filter;
  if (q.includes('@')) return { ...filter, email: q.toLowerCase() };
  if (PHONE_LIKE.test(q) && q.replace(/\D/g, '').length >= 3) return { ...filter, phoneDigits: phoneDigitsOf(q) };
  const nameWords = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 3);
  return { ...filter, nameWords, mbiLast4: MBI_LAST4.test(q) ? q.toUpperCase() : undefined };
}

const encodeCursor = (position: ClientPosition) => Buffer.from(JSON.stringify(position)).toString('base64url');
function decodeCursor(cursor: string | undefined): ClientPosition | undefined {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3 && value.every((part) => typeof part === 'string')) {
      return value as ClientPosition;
    }
  } catch {
    // not one of ours
  }
  throw new AppError('BAD_REQUEST', 'Not a page of the client list');
}

export async function findAgentClients(
  deps: ClientDeps,
  agentId: string,
  query: FindClientsQuery,
): Promise<ClientPage> {
  const filter = filterOf(agentId, query, deps.clock.now(), deps.config.businessTimeZone);
  const [rows, counties] = await Promise.all([
    selectClientPage(deps.db, filter, { after: decodeCursor(query.cursor), limit: CLIENT_PAGE_SIZE + 1 }),
    selectClientCounties(deps.db, agentId),
  ]);
  const page = rows.slice(0, CLIENT_PAGE_SIZE);
  return {
    rows: page.map(toClient),
    nextCursor: rows.length > CLIENT_PAGE_SIZE ? encodeCursor(positionOf(page[page.length - 1]!)) : null,
    counties,
  };
}

/** Every client the filter matches, in short keyset pages (the export). */
export function agentClientRows(deps: ClientDeps, agentId: string, query: FindClientsQuery): AsyncGenerator<ClientRow> {
  const filter = filterOf(agentId, query, deps.clock.now(), deps.config.businessTimeZone);
  return keysetRows({
    page: (after: ClientPosition | undefined, limit) => selectClientPage(deps.db, filter, { after, limit }),
    key: positionOf,
    pageSize: 500,
  });
}

// ── one client ─────────────────────────────────────────────────────────────────────────────────────────────────

export async function getAgentClient(deps: ClientDeps, agentId: string, clientId: string): Promise<ClientDetail> {
  const row = await findClient(deps.db, clientId, agentId);
  if (!row) throw clientNotFound();
  return detailOf(deps, row);
}

export async function createAgentClient(
  deps: ClientDeps,
  actor: AgentActor,
  input: CreateClientRequest,
): Promise<ClientDetail> {
  const now = deps.clock.now();
  const id = `cli_${randomId()}`;
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertClient(tx, {
      id,
      agentId: actor.agentId,
      ...valuesOf(input),
      ...mbiColumns(deps.config.clientDataKeys, id, input.mbi),
      source: input.soaId ? 'soa' : 'manual',
      createdAt: now,
      updatedAt: now,
    });
    if (input.soaId) {
      const linked = await linkSoa(tx, { soaId: input.soaId, agentId: actor.agentId, clientId: id });
      if (linked === 'not-found') throw new AppError('NOT_FOUND', 'SOA not found');
      if (linked === 'taken')
        throw new AppError('BAD_REQUEST', CLIENT_TEXT.soaTaken, { fieldErrors: { soaId: [CLIENT_TEXT.soaTaken] } });
    }
    await recordAudit(
      { db: tx, clock: deps.clock },
      {
        agentId: actor.agentId,
        ip: actor.ip,
        action: 'client.created',
        subject: id,
        detail: { source: input.soaId ? 'soa' : 'manual', soaId: input.soaId },
      },
    );
    return inserted;
  });
  return detailOf(deps, row);
}

/** The fields whose values changed (their names only: the audit log never holds the client's data). */
function changedFields(before: ClientRow, after: Partial<NewClientRow>): string[] {
  return Object.entries(after)
    .filter(([key, value]) => JSON.stringify(before[key as keyof ClientRow]) !== JSON.stringify(value))
    .map(([key]) => (key === 'mbiEncrypted' || key === 'mbiLast4' ? 'mbi' : key))
    .filter((key, index, all) => all.indexOf(key) === index);
}

export async function updateAgentClient(
  deps: ClientDeps,
  actor: AgentActor,
  clientId: string,
  input: ClientInput,
): Promise<ClientDetail> {
  const row = await deps.db.transaction(async (tx) => {
    const before = await findClient(tx, clientId, actor.agentId, { forUpdate: true });
    if (!before) throw clientNotFound();
    const values = { ...valuesOf(input), ...mbiColumns(deps.config.clientDataKeys, clientId, input.mbi) };
    const fields = changedFields(before, values);
    if (fields.length === 0) return before;
    const updated = await setClient(tx, clientId, { ...values, updatedAt: deps.clock.now() });
    await recordAudit(
      { db: tx, clock: deps.clock },
      { agentId: actor.agentId, ip: actor.ip, action: 'client.updated', subject: clientId, detail: { fields } },
    );
    return updated;
  });
  return detailOf(deps, row);
}

/** The full MBI, after the audit row is written (no row, no number). */
export async function revealMbi(
  deps: ClientDeps,
  actor: { agentId?: string; staffId?: string; ip: string },
  clientId: string,
): Promise<{ mbi: string }> {
  const row = await findClient(deps.db, clientId, actor.agentId);
  if (!row?.mbiEncrypted) throw clientNotFound();
  const mbi = decryptMbi(deps.config.clientDataKeys, row.id, row.mbiEncrypted);
  await recordAudit(deps, {
    agentId: row.agentId,
    staffId: actor.staffId ?? null,
    ip: actor.ip,
    action: 'client.mbi-revealed',
    subject: row.id,
    detail: { by: actor.staffId ? 'staff' : 'agent' },
  });
  return { mbi };
}

const blankOr = <T>(kept: T, other: T) => (kept === '' || kept === null ? other : kept);

/**
 * Merges `duplicateId` into `clientId` (both the agent's): every SOA and enrollment of the duplicate is linked to the
 * kept client, the kept client's blank fields take the duplicate's values (the MBI re-encrypted for its new row), the
 * notes are joined, and the duplicate is deleted; all in one transaction, recorded in the audit log.
 */
export async function mergeAgentClients(
  deps: ClientDeps,
  actor: AgentActor,
  clientId: string,
  duplicateId: string,
): Promise<ClientDetail> {
  if (clientId === duplicateId) {
    throw new AppError('BAD_REQUEST', CLIENT_TEXT.mergeSelf, { fieldErrors: { duplicateId: [CLIENT_TEXT.mergeSelf] } });
  }
  const row = await deps.db.transaction(async (tx) => {
    // locked in id order, so two merges of the same pair cannot deadlock
    const [first, second] = [clientId, duplicateId].sort();
    const a = await findClient(tx, first!, actor.agentId, { forUpdate: true });
    const b = await findClient(tx, second!, actor.agentId, { forUpdate: true });
    if (!a || !b) throw clientNotFound();
    const [kept, other] = a.id === clientId ? [a, b] : [b, a];
    const links = await moveLinks(tx, other.id, kept.id);
    const mbi =
      kept.mbiEncrypted === null && other.mbiEncrypted !== null
        ? {
            mbiEncrypted: encryptMbi(
              deps.config.clientDataKeys,
              kept.id,
              decryptMbi(deps.config.clientDataKeys, other.id, other.mbiEncrypted),
            ),
            mbiLast4: other.mbiLast4,
          }
        : {};
    await deleteClient(tx, other.id);
    const merged = await setClient(tx, kept.id, {
      birthDate: blankOr(kept.birthDate, other.birthDate),
      phone: blankOr(kept.phone, other.phone),
      phoneDigits: blankOr(kept.phoneDigits, other.phoneDigits),
      email: blankOr(kept.email, other.email),
      street: blankOr(kept.street, other.street),
      city: blankOr(kept.city, other.city),
      state: blankOr(kept.state, other.state),
      zip: blankOr(kept.zip, other.zip),
      county: blankOr(kept.county, other.county),
      notes: [kept.notes, other.notes].filter(Boolean).join('\n\n').slice(0, 4000),
      consentToContact: kept.consentToContact || other.consentToContact,
      consentMethods: [...new Set([...kept.consentMethods, ...other.consentMethods])],
      ...mbi,
      updatedAt: deps.clock.now(),
    });
    await recordAudit(
      { db: tx, clock: deps.clock },
      {
        agentId: actor.agentId,
        ip: actor.ip,
        action: 'clients.merged',
        subject: kept.id,
        detail: { merged: other.id, links },
      },
    );
    return merged;
  });
  return detailOf(deps, row);
}

// ── the enrollment's link (issue 46): enrollments.client_id is written here only ─────────────────────────────────

/** The agent's client an upload names, checked before a byte of the file is stored: another agent's is 404. */
export async function checkAgentClient(
  db: Db,
  agentId: string,
  clientId: string,
): Promise<{ firstName: string; lastName: string; state: string }> {
  const row = await findClient(db, clientId, agentId);
  if (!row) throw clientNotFound();
  return { firstName: row.firstName, lastName: row.lastName, state: row.state };
}

/** A client's county and state (the plan picker's landscape), whoever's it is: for the back office. */
export async function getClientPlace(db: Db, clientId: string): Promise<{ county: string; state: string } | undefined> {
  const row = await findClient(db, clientId);
  return row ? { county: row.county, state: row.state } : undefined;
}

/**
 * Links the agent's new enrollment to the agent's client, in the caller's transaction (the upload's): a client that
 * is not the agent's, or went since the check, is 404 and the transaction writes nothing.
 */
export async function linkEnrollmentToClient(
  tx: Db,
  input: { enrollmentId: string; agentId: string; clientId: string },
): Promise<void> {
  if (!(await linkEnrollment(tx, input))) throw clientNotFound();
}

// ── staff: read, audited ───────────────────────────────────────────────────────────────────────────────────────

export async function findClientsForStaff(
  deps: ClientDeps,
  actor: { staffId: string; ip: string },
  query: { npn?: string | undefined; q?: string | undefined },
): Promise<StaffClient[]> {
  if (!query.npn)
    throw new AppError('BAD_REQUEST', 'Enter the agent’s NPN', { fieldErrors: { npn: ['Enter the agent’s NPN'] } });
  const agent = await selectAgentByNpn(deps.db, query.npn);
  const rows = agent
    ? await selectClientPage(
        deps.db,
        filterOf(agent.id, { q: query.q }, deps.clock.now(), deps.config.businessTimeZone),
        {
          limit: CLIENT_PAGE_SIZE,
        },
      )
    : [];
  await recordAudit(deps, {
    agentId: agent?.id ?? null,
    staffId: actor.staffId,
    ip: actor.ip,
    action: 'clients.staff-read',
    subject: `search ${query.npn}`,
    detail: { q: query.q ?? '', rows: rows.length },
  });
  if (!agent) return [];
  const agentName = `${agent.firstName} ${agent.lastName}`;
  return rows.map((row) => ({ ...toClient(row), agentId: agent.id, agentNpn: agent.npn, agentName }));
}

export async function getClientForStaff(
  deps: ClientDeps,
  actor: { staffId: string; ip: string },
  clientId: string,
): Promise<ClientDetail & { agentId: string }> {
  const row = await findClient(deps.db, clientId);
  if (!row || !(await selectAgentById(deps.db, row.agentId))) throw clientNotFound();
  await recordAudit(deps, {
    agentId: row.agentId,
    staffId: actor.staffId,
    ip: actor.ip,
    action: 'clients.staff-read',
    subject: row.id,
    detail: { agentId: row.agentId },
  });
  return { ...(await detailOf(deps, row)), agentId: row.agentId };
}

// ── key rotation ───────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Re-encrypts every stored MBI under CLIENT_DATA_KEY (after a rotation: the old key in CLIENT_DATA_PREVIOUS_KEYS),
 * a batch at a time, each row in its own short update. Answers how many rows it rewrote.
 */
export async function rekeyClientMbis(deps: Pick<ClientDeps, 'db' | 'config'>): Promise<number> {
  const keys = deps.config.clientDataKeys;
  if (!keys.current) throw new AppError('UNAVAILABLE', CLIENT_TEXT.keyMissing);
  const currentId = encryptMbi(keys, 'probe', 'probe').split('.')[1]!;
  let after = '';
  let count = 0;
  for (;;) {
    const batch = await selectMbisToRekey(deps.db, currentId, after, 500);
    if (batch.length === 0) return count;
    for (const row of batch) {
      if (row.mbiEncrypted && isUnderOldKey(keys, row.mbiEncrypted)) {
        const mbi = decryptMbi(keys, row.id, row.mbiEncrypted);
        await setClient(deps.db, row.id, { mbiEncrypted: encryptMbi(keys, row.id, mbi) });
        count += 1;
      }
    }
    after = batch[batch.length - 1]!.id;
  }
}
