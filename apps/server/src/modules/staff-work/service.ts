import {
  ASSIGNEE_MINE,
  ASSIGNEE_NONE,
  WORK_MESSAGES,
  WORK_QUEUE_LABELS,
  WORK_QUEUES,
  WORK_ROLES,
  WORK_TREND_DAYS,
  type StaffMember,
  type WorkAssignee,
  type WorkDashboard,
  type WorkKind,
  type WorkQueue,
  type WorkTrendDay,
} from '@arc/contract';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import {
  selectActiveStaff,
  selectMemberOpenWork,
  selectQueueSummaries,
  selectTrend,
  type StaffNameRow,
} from './queries.ts';

/**
 * Work assigned to people (issue 47, docs/decisions/back-office.md): who may be assigned work in each queue, the
 * assignee filter, and the work dashboard. The queues' own modules (staff-orders, staff-enrollments, staff-cases) call
 * these for their assignee column, filter and Assign action.
 */

/** A staff member as the queues name them: their name, or the e-mail's local part when they have none. */
export const staffDisplayName = (row: { email: string; name?: string | null }) =>
  row.name?.trim() || (row.email.split('@')[0] ?? row.email);

export const toWorkAssignee = (row: StaffNameRow): WorkAssignee => ({ id: row.id, name: staffDisplayName(row) });

/** The active members who may be assigned work of this kind, by name. */
export async function listAssignees(db: Db | Tx, kind: WorkKind): Promise<WorkAssignee[]> {
  const rows = await selectActiveStaff(db, WORK_ROLES[kind]);
  return rows.map(toWorkAssignee).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The assignee filter's value as a condition: undefined (no filter), null (unassigned) or a staff member's id
 * (`mine`: the signed-in member).
 */
export function assigneeFilter(value: string | undefined, staff: StaffMember): string | null | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (trimmed === ASSIGNEE_MINE) return staff.id;
  if (trimmed === ASSIGNEE_NONE) return null;
  return trimmed;
}

/**
 * The member work is assigned to, checked: active and of a role that works this kind (400 otherwise); null unassigns.
 * Answers the member as the queues name them.
 */
export async function checkAssignee(
  db: Db | Tx,
  kind: WorkKind,
  assigneeId: string | null,
): Promise<WorkAssignee | null> {
  if (assigneeId === null) return null;
  const found = (await selectActiveStaff(db, WORK_ROLES[kind], assigneeId))[0];
  if (!found) throw new AppError('BAD_REQUEST', WORK_MESSAGES.notAnAssignee);
  return toWorkAssignee(found);
}

export interface WorkSla {
  ordersHours: number;
  enrollmentsHours: number;
  pendedHours: number;
  casesHours: number;
}

/**
 * The service levels, one setting per kind (`SLA_*_HOURS`): the dashboard counts what is past them, and a queue that
 * flags its late rows (the cases queue) reads the same numbers from here.
 */
export const workSla = (
  config: Pick<Config, 'slaOrdersHours' | 'slaEnrollmentsHours' | 'slaPendedHours' | 'slaCasesHours'>,
): WorkSla => ({
  ordersHours: config.slaOrdersHours,
  enrollmentsHours: config.slaEnrollmentsHours,
  pendedHours: config.slaPendedHours,
  casesHours: config.slaCasesHours,
});

export interface StaffWorkDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
  sla: WorkSla;
}

const SLA_OF: Record<WorkQueue, keyof WorkSla> = {
  orders: 'ordersHours',
  enrollments: 'enrollmentsHours',
  pended: 'pendedHours',
  cases: 'casesHours',
};

/** The business days from `WORK_TREND_DAYS - 1` days ago to today, YYYY-MM-DD. */
function trendDays(now: Date, timeZone: string): string[] {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const today = new Date(`${day.format(now)}T12:00:00Z`);
  return Array.from({ length: WORK_TREND_DAYS }, (_, i) => {
    const d = new Date(today);
    d.setUTCDate(d.getUTCDate() - (WORK_TREND_DAYS - 1 - i));
    return d.toISOString().slice(0, 10);
  });
}

const fillDays = (days: string[], rows: { day: string; received: number; done: number }[]): WorkTrendDay[] => {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return days.map((day) => ({ day, received: byDay.get(day)?.received ?? 0, done: byDay.get(day)?.done ?? 0 }));
};

/**
 * The work dashboard (docs/decisions/back-office.md): every number is a count over an index that leads with what it
 * filters on (migration 0032's partial indexes for open work and work done), so it stays an index-only scan at a
 * million rows.
 */
export async function getWorkDashboard(deps: StaffWorkDeps, staff: StaffMember): Promise<WorkDashboard> {
  const now = deps.clock.now();
  const slaCutoffs = Object.fromEntries(
    WORK_QUEUES.map((q) => [q, new Date(now.getTime() - deps.sla[SLA_OF[q]] * 3_600_000)]),
  ) as Record<WorkQueue, Date>;
  const summaries = await selectQueueSummaries(deps.db, slaCutoffs);
  const openWork = await selectMemberOpenWork(deps.db);
  const staffRows = await selectActiveStaff(deps.db, ['admin', 'operations', 'support', 'content']);
  const days = trendDays(now, deps.timeZone);
  const since = `${days[0]!}`;
  const trend = await selectTrend(deps.db, since, deps.timeZone);
  const zero = { orders: 0, enrollments: 0, cases: 0 };
  return {
    queues: WORK_QUEUES.map((queue) => ({
      queue,
      label: WORK_QUEUE_LABELS[queue],
      waiting: summaries[queue].waiting,
      oldestAt: summaries[queue].oldestAt,
      slaHours: deps.sla[SLA_OF[queue]],
      pastSla: summaries[queue].pastSla,
    })),
    mine: { ...zero, ...openWork.get(staff.id) },
    members: staffRows
      .filter((row) => openWork.has(row.id))
      .map((row) => ({ ...toWorkAssignee(row), ...zero, ...openWork.get(row.id) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    trend: {
      orders: fillDays(days, trend.orders),
      enrollments: fillDays(days, trend.enrollments),
      cases: fillDays(days, trend.cases),
    },
  };
}
