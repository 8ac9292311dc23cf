import { IsoDateSchema, NpnSchema, STATEMENT_IMPORT_COLUMNS } from '@arc/contract';
import * as z from 'zod/mini';
import { lineIssue, type ImportKindSpec, type ImportLineOf, type ImportOutcome } from '../../platform/csv-import.ts';
import {
  countPublishedStatements,
  deletePublishedStatements,
  insertStatementLines,
  insertStatements,
  selectAgentsByNpn,
  type StatementAgent,
  type StatementLineInsert,
} from './queries.ts';

export interface StatementLine {
  npn: string;
  statementDate: string;
  carrier: string;
  policyNumber: string;
  client: string;
  product: string;
  effectiveDate: string;
  transaction: string;
  premium: string;
  commission: string;
  /** the commission in cents, for the total */
  commissionCents: number;
}

const text = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(max, `is over ${max} characters`));
const date = z.pipe(
  z.string().check(z.trim(), z.minLength(1, 'is required')),
  z.string().check(z.refine((v) => IsoDateSchema.safeParse(v).success, 'is not a date (YYYY-MM-DD)')),
);
/** Dollars with up to two decimals, negative on a chargeback: `320.50`, `-56.25`, `12`. */
const AMOUNT = /^-?\d{1,10}(\.\d{1,2})?$/;
const amount = z.pipe(
  z.string().check(z.trim(), z.minLength(1, 'is required')),
  z.string().check(z.regex(AMOUNT, 'is not an amount (dollars with up to two decimals, as 320.50)')),
);

const StatementLineSchema = z.object({
  npn: z.pipe(z.string().check(z.trim(), z.minLength(1, 'is required')), NpnSchema),
  statement_date: date,
  carrier: text(100),
  policy_number: text(100),
  client: text(200),
  product: text(100),
  effective_date: date,
  transaction: text(50),
  premium: amount,
  commission: amount,
});

/** "320.5" → 32050 (exact: the text is split, never read as a float). */
export function toCents(value: string): number {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace(/^-/, '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

/** 32050 → "320.50". */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A statement published for an agent and a period: the same id on every publish, so an open page's link stays. */
export const publishedStatementId = (agentId: string, period: string) =>
  `cms_${agentId.replace(/^agt_/, '')}_${period.replaceAll('-', '')}`;

/** What the file holds once compared: its period, the agents it names and the total of its good lines. */
export interface StatementFileSummary {
  period: string | null;
  agents: Map<string, StatementAgent>;
  totalCents: number;
  /** how many statements of the period were published before (what a publish replaces) */
  replaces: number;
}

/**
 * The commission statements kind of the import framework (docs/data-import.md, docs/decisions/imports-and-jobs.md): a
 * line is one paid policy on one agent's statement. The first good line's statement date is the file's period, and a
 * line of another date is rejected, as is an NPN without an agent. Writing replaces the period's published statements:
 * they are deleted (their lines with them) and one statement per agent in the file is inserted with its lines, in
 * the import's one transaction.
 */
export function statementLinesKind(): ImportKindSpec<StatementLine> & { summary: StatementFileSummary } {
  const summary: StatementFileSummary = { period: null, agents: new Map(), totalCents: 0, replaces: 0 };
  return {
    summary,
    noun: 'statement',
    columns: STATEMENT_IMPORT_COLUMNS,
    auditAction: 'commission-statements.published',
    keyColumns: 'npn, policy_number, transaction and effective_date',
    keyOf: (row) => `${row.npn}, ${row.policyNumber}, ${row.transaction}, ${row.effectiveDate}`,
    parseLine(cells) {
      const parsed = StatementLineSchema.safeParse(cells);
      if (!parsed.success) return { reason: lineIssue(parsed.error) };
      const line = parsed.data;
      return {
        row: {
          npn: line.npn,
          statementDate: line.statement_date,
          carrier: line.carrier,
          policyNumber: line.policy_number,
          client: line.client,
          product: line.product,
          effectiveDate: line.effective_date,
          transaction: line.transaction,
          premium: fromCents(toCents(line.premium)),
          commission: fromCents(toCents(line.commission)),
          commissionCents: toCents(line.commission),
        },
      };
    },
    async compare(db, lines) {
      const known = await selectAgentsByNpn(db, [...new Set(lines.map((l) => l.row.npn))]);
      summary.period = lines[0]?.row.statementDate ?? null;
      if (summary.period) summary.replaces = await countPublishedStatements(db, summary.period);
      return lines.map(({ row }): ImportOutcome => {
        const agent = known.get(row.npn);
        if (!agent) return { outcome: 'rejected', reason: `npn: no agent with NPN ${row.npn}` };
        if (row.statementDate !== summary.period) {
          return {
            outcome: 'rejected',
            reason: `statement_date: ${row.statementDate} is not the file's period ${summary.period} (one statement date per file)`,
          };
        }
        summary.agents.set(row.npn, agent);
        summary.totalCents += row.commissionCents;
        return {
          outcome: 'new',
          changes: () => ({
            npn: { before: null, after: row.npn },
            policy_number: { before: null, after: row.policyNumber },
            transaction: { before: null, after: row.transaction },
            commission: { before: null, after: row.commission },
          }),
        };
      });
    },
    async write(tx, lines) {
      const period = summary.period!;
      await deletePublishedStatements(tx, period);
      await insertStatements(
        tx,
        [...summary.agents.values()].map((agent) => ({
          id: publishedStatementId(agent.id, period),
          agentId: agent.id,
          firstName: agent.firstName,
          lastName: agent.lastName,
          statementDate: period,
          fileId: null,
        })),
      );
      await insertStatementLines(tx, lines.map(toLineInsert(summary, period)));
    },
  };
}

const toLineInsert =
  (summary: StatementFileSummary, period: string) =>
  ({ line, row }: ImportLineOf<StatementLine>): StatementLineInsert => ({
    statement_id: publishedStatementId(summary.agents.get(row.npn)!.id, period),
    // the file's line number keeps the file's order within each statement
    position: line,
    carrier: row.carrier,
    policy_number: row.policyNumber,
    client: row.client,
    product: row.product,
    effective_date: row.effectiveDate,
    transaction: row.transaction,
    premium: row.premium,
    commission: row.commission,
  });
