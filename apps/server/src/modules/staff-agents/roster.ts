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
import * as z from 'zod/mini';
import type { Db } from '../../db/client.ts';
import { agents } from '../../db/schema/index.ts';
import { revokeAccountPayloads } from '../../identity/adapter.ts';
import {
  lineIssue,
  runImport,
  type ImportDeps,
  type ImportKindSpec,
  type ImportOutcome,
} from '../../platform/csv-import.ts';
import { randomId } from '../../platform/tokens.ts';
import { agentStatusOf, STORED_STATUS } from './queries.ts';

/** One agent of the roster, checked. */
interface RosterRow {
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
const NameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(100, 'is over 100 characters'));

/** The checks of a roster line, column by column (docs/data-import.md). */
const RosterLineSchema = z.object({
  npn: NpnSchema,
  first: NameSchema,
  last: NameSchema,
  email: AgentEmailSchema,
  phone: z.pipe(
    AgentPhoneSchema,
    z.transform((p) => p || null),
  ),
  state: z.pipe(
    z.transform((v) => String(v).trim().toUpperCase()),
    StateCodeSchema,
  ),
  tier: z.pipe(
    z.pipe(
      z.string(),
      z.transform((v) => tierByName.get(v.trim().toLowerCase())),
    ),
    z.enum(AGENT_TIERS, { error: () => `Choose a tier: ${AGENT_TIERS.join(' or ')}` }),
  ),
  status: z.pipe(
    z.transform((v) => String(v).trim().toLowerCase()),
    AgentStatusSchema,
  ),
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
 * The roster import (docs/data-import.md, docs/decisions/imports-and-jobs.md), one kind of the import framework
 * (`platform/csv-import.ts`): checks every line, compares it with the agents on file (new, changed, unchanged;
 * absent active agents are `missing`), and — unless it is a dry run or a line is rejected — writes it all in one
 * transaction with the deactivations, the end of the deactivated agents' sessions and tokens, and an audit event
 * naming the file's SHA-256 and the counts.
 */
export async function importRoster(
  deps: ImportDeps,
  input: AsyncIterable<Buffer | string>,
  options: ImportRosterOptions,
): Promise<ImportRosterResult> {
  let existing = new Map<string, ExistingAgent>();
  const missingNpns: string[] = [];
  const missingIds: string[] = [];
  const endedGrants: string[] = [];
  let changedAgentIds: string[] = [];
  const kind: ImportKindSpec<RosterRow> = {
    noun: 'agent',
    columns: AGENT_ROSTER_COLUMNS,
    auditAction: 'agents.imported',
    keyColumns: 'npn',
    keyOf: (row) => row.npn,
    parseLine(cells) {
      const parsed = RosterLineSchema.safeParse(cells);
      if (!parsed.success) return { reason: lineIssue(parsed.error) };
      const value = parsed.data;
      return {
        row: {
          npn: value.npn,
          firstName: value.first,
          lastName: value.last,
          email: value.email,
          phone: value.phone,
          state: value.state,
          tier: value.tier,
          status: value.status,
        },
      };
    },
    async compare(db, lines) {
      existing = await loadExisting(db);
      const named = new Set(lines.map((l) => l.row.npn));
      for (const [npn, agent] of existing) {
        if (named.has(npn) || agent.status !== 'active') continue;
        missingNpns.push(npn);
        missingIds.push(agent.id);
      }
      return lines.map(({ row }): ImportOutcome => {
        const before = existing.get(row.npn);
        const changes = diff(before, row);
        if (!before) return { outcome: 'new', changes: () => changes };
        if (Object.keys(changes).length === 0) return { outcome: 'unchanged' };
        return { outcome: 'changed', changes: () => changes };
      });
    },
    async write(tx, lines, now) {
      for (let i = 0; i < lines.length; i += BATCH) {
        const batch = lines.slice(i, i + BATCH).map(({ row }) => ({ row, id: existing.get(row.npn)?.id }));
        await upsertAgents(tx, batch, now);
      }
    },
  };
  const { report: generic } = await runImport(deps, kind, input, {
    dryRun: options.dryRun,
    staffId: options.staffId,
    ip: options.ip,
    source: options.source,
    auditDetail: () => ({ deactivateMissing: options.deactivateMissing }),
    async afterWrite(tx, written, now) {
      const deactivated: string[] = [];
      changedAgentIds = [];
      for (const { row } of written) {
        const before = existing.get(row.npn);
        if (!before) continue;
        changedAgentIds.push(before.id);
        if (before.status === 'active' && row.status === 'inactive') deactivated.push(before.id);
      }
      if (options.deactivateMissing) {
        for (let i = 0; i < missingIds.length; i += BATCH) {
          await tx
            .update(agents)
            .set({ status: STORED_STATUS.inactive, updatedAt: now })
            .where(inArray(agents.id, missingIds.slice(i, i + BATCH)));
        }
        deactivated.push(...missingIds);
        changedAgentIds.push(...missingIds);
      }
      for (let i = 0; i < deactivated.length; i += BATCH) {
        endedGrants.push(...(await revokeAccountPayloads(tx, deactivated.slice(i, i + BATCH))));
      }
    },
  });
  const report: RosterReport = {
    ...generic,
    deactivateMissing: options.deactivateMissing,
    counts: { ...generic.counts, missing: missingNpns.length },
    new: generic.new.map((line) => ({ ...line, npn: line.key })),
    changed: generic.changed.map((line) => ({ ...line, npn: line.key })),
    missing: missingNpns.slice(0, AGENT_ROSTER_REPORT_LINES),
  };
  if (!report.applied) return { report, changedAgentIds: [], endedGrants: [] };
  return { report, changedAgentIds, endedGrants };
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
