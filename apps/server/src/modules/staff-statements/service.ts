import { formatStatementDate, type StatementReport } from '@arc/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { runImport, type ImportOptions } from '../../platform/csv-import.ts';
import { recordAudit } from '../audit/service.ts';
import type { RaiseNotification } from '../notifications/service.ts';
import { fromCents, statementLinesKind } from './statement-lines.ts';

/** Where the notification opens: the agent's Commission Statements screen. */
const COMMISSIONS_SCREEN = '/commissions';

export interface StaffStatementsDeps {
  db: Db;
  clock: Clock;
  /** raises one agent's notification (notifications module), after the statements are committed */
  notify: (input: RaiseNotification) => Promise<void>;
  log: { error: (details: object, message: string) => void };
}

export type PublishStatementsOptions = Pick<ImportOptions, 'dryRun' | 'staffId' | 'ip' | 'source'>;

/**
 * Reads, checks and (unless it is a dry run or a line is rejected) publishes a period's statement file
 * (docs/decisions/imports-and-jobs.md): the period's published statements are replaced in one transaction with the
 * audit event, then every agent in the file is notified once.
 */
export async function publishCommissionStatements(
  deps: StaffStatementsDeps,
  input: AsyncIterable<Buffer | string>,
  options: PublishStatementsOptions,
): Promise<StatementReport> {
  const kind = statementLinesKind();
  const { summary } = kind;
  const { report } = await runImport({ db: deps.db, clock: deps.clock, recordAudit }, kind, input, {
    ...options,
    auditDetail: () => ({ period: summary.period, agents: summary.agents.size, total: fromCents(summary.totalCents) }),
  });
  const result: StatementReport = {
    ...report,
    summary: {
      period: summary.period,
      agents: summary.agents.size,
      total: fromCents(summary.totalCents),
      replaces: summary.replaces,
    },
  };
  if (report.applied && summary.period) await notifyAgents(deps, [...summary.agents.values()], summary.period);
  return result;
}

async function notifyAgents(deps: StaffStatementsDeps, agents: { id: string }[], period: string): Promise<void> {
  const formatted = formatStatementDate(period);
  for (const agent of agents) {
    try {
      await deps.notify({
        agentId: agent.id,
        kind: 'commission-statement',
        title: `Your commission statement of ${formatted} is ready`,
        body: `Your commission statement of ${formatted} is on the Commission Statements page, ready to download as CSV.`,
        link: COMMISSIONS_SCREEN,
      });
    } catch (err) {
      // the statement stands: the agent sees it in the list even if the notice failed
      deps.log.error({ err, agentId: agent.id, period }, 'Commission statement notification failed');
    }
  }
}
