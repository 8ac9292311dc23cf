import {
  AGENT_TIERS,
  AgentEmailSchema,
  AgentPhoneSchema,
  AgentStatusSchema,
  NpnSchema,
  AGENT_ROSTER_COLUMNS,
  AGENT_ROSTER_REPORT_LINES,
  StateCodeSchema,
  type AgentStatus,
  type RosterReport,
} from '@arc/contract';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { agents } from '../../db/schema/index.ts';
import { revokeAccountPayloads } from '../../identity/adapter.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomId } from '../../platform/tokens.ts';
import { recordAudit } from '../audit/service.ts';
import { agentStatusOf, STORED_STATUS } from './queries.ts';
import { readCsvLines, RosterFileError } from './roster-file.ts';

export { RosterFileError };

/** One agent of the roster, checked. */
interface RosterRow {
  line: number;
  npn: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  state: string;
  tier: string;
  status: AgentStatus;
}

const tierByName = new Map(AGENT_TIERS.map((t) => [t.toLowerCase(), t]));
const NameSchema = z.string().trim().min(1, 'is required').max(100, 'is over 100 characters');

/** The checks of a roster line, column by column (docs/data-import.md). */
const RosterLineSchema = z.object({
  npn: NpnSchema,
  first: NameSchema,
  last: NameSchema,
  email: AgentEmailSchema,
  phone: AgentPhoneSchema.transform((p) => p || null),
  state: z.preprocess((v) => String(v).trim().toUpperCase(), StateCodeSchema),
  tier: z
    .string()
    .transform((v) => tierByName.get(v.trim().toLowerCase()))
    .pipe(z.enum(AGENT_TIERS, { error: () => `Choose a tier: ${AGENT_TIERS.join(' or ')}` })),
  status: z.preprocess((v) => String(v).trim().toLowerCase(), AgentStatusSchema),
});

type Fields = Pick<RosterRow, 'firstName' | 'lastName' | 'email' | 'phone' | 'state' | 'tier' | 'status'>;
const FIELD_NAMES: (keyof Fields)[] = ['firstName', 'lastName', 'email', 'phone', 'state', 'tier', 'status'];

interface ExistingAgent extends Omit<Fields, 'state'> {
  id: string;
  state: string | null;
}

export interface ImportRosterOptions {
  dryRun: boolean;
  /** agents absent from the file are deactivated (a full roster); otherwise they are left as they are */
  deactivateMissing: boolean;
  /** who imports it, for the audit event: a staff member over HTTP, or the command line */
  staffId: string | null;
  ip: string | null;
  source: 'upload' | 'command';
}

export interface ImportRosterResult {
  report: RosterReport;
  /** agents whose status, tier or details changed: drop them from the caches (`app.currentAgentChanged`) */
  changedAgentIds: string[];
  /** grants ended by deactivations: `app.grantsEnded` */
  endedGrants: string[];
}

/** Rows per INSERT … ON CONFLICT statement: 9 parameters a row, far below PostgreSQL's 65,535. */
const BATCH = 1000;

/**
 * The roster import (docs/data-import.md, decision 087): reads and checks every line, compares it with the
 * agents on file (new, changed, unchanged; absent agents are `missing`), and — unless it is a dry run or a line
 * is rejected — writes it all in one transaction, with an audit event naming the file's SHA-256 and the counts.
 * A file with a rejected line writes nothing: fix the file and import it again.
 */
export async function importRoster(
  deps: { db: Db; clock: Clock },
  input: AsyncIterable<Buffer | string>,
  options: ImportRosterOptions,
): Promise<ImportRosterResult> {
  const file = readCsvLines(input);
  const rows: RosterRow[] = [];
  const rejected: RosterReport['rejected'] = [];
  let rejectedCount = 0;
  const reject = (line: number, reason: string) => {
    rejectedCount += 1;
    if (rejected.length < AGENT_ROSTER_REPORT_LINES) rejected.push({ line, reason });
  };
  const firstLineOf = new Map<string, number>();
  let header: Map<string, number> | undefined;
  let lineCount = 0;

  for await (const csv of file.lines) {
    if (!header) {
      if ('error' in csv) throw new RosterFileError(`The header line cannot be read (${csv.error})`);
      header = readHeader(csv.fields);
      continue;
    }
    lineCount += 1;
    if ('error' in csv) {
      reject(csv.line, csv.error);
      continue;
    }
    if (csv.fields.length !== header.size) {
      reject(csv.line, `${csv.fields.length} fields, expected ${header.size}`);
      continue;
    }
    const record = Object.fromEntries(AGENT_ROSTER_COLUMNS.map((c) => [c, csv.fields[header!.get(c)!] ?? '']));
    const parsed = RosterLineSchema.safeParse(record);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      reject(csv.line, `${String(issue.path[0] ?? 'line')}: ${issue.message}`);
      continue;
    }
    const value = parsed.data;
    const earlier = firstLineOf.get(value.npn);
    if (earlier !== undefined) {
      reject(csv.line, `npn: ${value.npn} is also on line ${earlier}`);
      continue;
    }
    firstLineOf.set(value.npn, csv.line);
    rows.push({
      line: csv.line,
      npn: value.npn,
      firstName: value.first,
      lastName: value.last,
      email: value.email,
      phone: value.phone,
      state: value.state,
      tier: value.tier,
      status: value.status,
    });
  }
  if (!header) throw new RosterFileError('The file is empty: the first line names the columns');
  if (lineCount === 0) throw new RosterFileError('The file has no agent line below its header');

  const existing = await loadExisting(deps.db);
  const toWrite: { row: RosterRow; id: string | undefined }[] = [];
  const report: RosterReport = {
    dryRun: options.dryRun,
    applied: false,
    sha256: file.sha256(),
    deactivateMissing: options.deactivateMissing,
    counts: { lines: lineCount, new: 0, changed: 0, unchanged: 0, rejected: rejectedCount, missing: 0 },
    new: [],
    changed: [],
    rejected,
    missing: [],
  };
  const changedAgentIds: string[] = [];
  const deactivatedIds: string[] = [];
  for (const row of rows) {
    const before = existing.get(row.npn);
    const changes = diff(before, row);
    if (!before) {
      report.counts.new += 1;
      if (report.new.length < AGENT_ROSTER_REPORT_LINES)
        report.new.push({ line: row.line, key: row.npn, npn: row.npn, changes });
      toWrite.push({ row, id: undefined });
    } else if (Object.keys(changes).length > 0) {
      report.counts.changed += 1;
      if (report.changed.length < AGENT_ROSTER_REPORT_LINES)
        report.changed.push({ line: row.line, key: row.npn, npn: row.npn, changes });
      toWrite.push({ row, id: before.id });
      changedAgentIds.push(before.id);
      if (before.status === 'active' && row.status === 'inactive') deactivatedIds.push(before.id);
    } else report.counts.unchanged += 1;
  }
  const missingIds: string[] = [];
  for (const [npn, agent] of existing) {
    if (firstLineOf.has(npn) || agent.status !== 'active') continue;
    report.counts.missing += 1;
    if (report.missing.length < AGENT_ROSTER_REPORT_LINES) report.missing.push(npn);
    missingIds.push(agent.id);
  }

  if (options.dryRun || rejectedCount > 0) return { report, changedAgentIds: [], endedGrants: [] };

  const toDeactivate = options.deactivateMissing ? [...deactivatedIds, ...missingIds] : deactivatedIds;
  const endedGrants = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    for (let i = 0; i < toWrite.length; i += BATCH) {
      await upsertAgents(tx, toWrite.slice(i, i + BATCH), now);
    }
    if (options.deactivateMissing) {
      for (let i = 0; i < missingIds.length; i += BATCH) {
        await tx
          .update(agents)
          .set({ status: STORED_STATUS.inactive, updatedAt: now })
          .where(inArray(agents.id, missingIds.slice(i, i + BATCH)));
      }
    }
    const ended: string[] = [];
    for (let i = 0; i < toDeactivate.length; i += BATCH) {
      ended.push(...(await revokeAccountPayloads(tx, toDeactivate.slice(i, i + BATCH))));
    }
    await recordAudit(
      { db: tx, clock: deps.clock },
      {
        agentId: null,
        staffId: options.staffId,
        ip: options.ip,
        action: 'agents.imported',
        subject: report.sha256,
        detail: { counts: report.counts, deactivateMissing: options.deactivateMissing, source: options.source },
      },
    );
    return ended;
  });
  report.applied = true;
  return {
    report,
    changedAgentIds: options.deactivateMissing ? [...changedAgentIds, ...missingIds] : changedAgentIds,
    endedGrants,
  };
}

/** The header names the columns in any order and case; other columns are refused, so a typo is not ignored. */
function readHeader(fields: string[]): Map<string, number> {
  const names = fields.map((f) => f.trim().toLowerCase());
  const missing = AGENT_ROSTER_COLUMNS.filter((c) => !names.includes(c));
  const unknown = names.filter((n) => !(AGENT_ROSTER_COLUMNS as readonly string[]).includes(n));
  if (missing.length || unknown.length || names.length !== AGENT_ROSTER_COLUMNS.length) {
    throw new RosterFileError(
      `The header line must name the columns ${AGENT_ROSTER_COLUMNS.join(', ')}` +
        (missing.length ? `; missing: ${missing.join(', ')}` : '') +
        (unknown.length ? `; unknown: ${unknown.join(', ')}` : ''),
    );
  }
  return new Map(names.map((n, i) => [n, i]));
}

/** The agents on file by NPN, in the roster's terms (a whole roster is compared with all of them). */
async function loadExisting(db: Db): Promise<Map<string, ExistingAgent>> {
  const all = await db
    .select({
      id: agents.id,
      npn: agents.npn,
      firstName: agents.firstName,
      lastName: agents.lastName,
      email: agents.email,
      phone: agents.mobilePhone,
      state: agents.state,
      tier: agents.memberSupportTier,
      status: agents.status,
    })
    .from(agents);
  return new Map(
    all.map(({ npn, status, email, tier, ...rest }) => [
      npn,
      { ...rest, email: email.toLowerCase(), tier: tier ?? '', status: agentStatusOf(status) },
    ]),
  );
}

function diff(
  before: ExistingAgent | undefined,
  after: RosterRow,
): NonNullable<RosterReport['new'][number]['changes']> {
  const changes: NonNullable<RosterReport['new'][number]['changes']> = {};
  for (const field of FIELD_NAMES) {
    const was = before ? (before[field] ?? null) : null;
    const now = after[field] ?? null;
    if (!before || was !== now) changes[field] = { before: was, after: now };
  }
  return changes;
}

async function upsertAgents(tx: Db, batch: { row: RosterRow; id: string | undefined }[], now: Date): Promise<void> {
  await tx
    .insert(agents)
    .values(
      batch.map(({ row, id }) => ({
        id: id ?? randomId(),
        npn: row.npn,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        mobilePhone: row.phone,
        state: row.state,
        memberSupportTier: row.tier,
        status: STORED_STATUS[row.status],
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: agents.npn,
      set: {
        firstName: sql`excluded.first_name`,
        lastName: sql`excluded.last_name`,
        email: sql`excluded.email`,
        mobilePhone: sql`excluded.mobile_phone`,
        state: sql`excluded.state`,
        memberSupportTier: sql`excluded.member_support_tier`,
        status: sql`excluded.status`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}
