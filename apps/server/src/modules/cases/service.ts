import {
  CASE_MESSAGES,
  MY_CASES_PAGE_SIZE,
  type CaseRequestType,
  type CaseStatus,
  type CreateCaseReportRequestSchema,
  type MyCase,
  type MyCaseList,
  type MyCaseRow,
} from '@arc/contract';
import type * as z from 'zod/mini';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { randomId } from '../../platform/tokens.ts';
import { listHeldCarriers } from '../contracts/service.ts';
import { getAgentContact, isMemberSupportUnlimited } from '../profile/service.ts';
import { caseMail } from './emails.ts';
import { insertCase, selectMyCase, selectMyCasesPage, selectReplies } from './queries.ts';

export interface CasesDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, 'memberSupportEmail' | 'providerName'>;
}

type CaseReport = z.output<typeof CreateCaseReportRequestSchema>;

/** Spec part 1 §6: the case form is for member support tier Unlimited; the server refuses everyone else. */
async function assertMayFileCases(deps: Pick<CasesDeps, 'db'>, agentId: string): Promise<void> {
  if (!(await isMemberSupportUnlimited(deps, agentId))) throw new AppError('FORBIDDEN', CASE_MESSAGES.notAllowed);
}

/** The carriers the agent is contracted with (of the contracts they hold), for the form's Carrier list. */
export async function listContractedCarriers(deps: Pick<CasesDeps, 'db'>, agentId: string): Promise<string[]> {
  return listHeldCarriers(deps, agentId);
}

export async function listCaseCarriers(deps: Pick<CasesDeps, 'db'>, agentId: string): Promise<string[]> {
  await assertMayFileCases(deps, agentId);
  return listContractedCarriers(deps, agentId);
}

/** Stores the case, then e-mails it to the provider's member support (MEMBER_SUPPORT_EMAIL). */
export async function createCaseReport(deps: CasesDeps, agentId: string, report: CaseReport): Promise<string> {
  await assertMayFileCases(deps, agentId);
  if (report.carrier && !(await listContractedCarriers(deps, agentId)).includes(report.carrier)) {
    throw new AppError('BAD_REQUEST', CASE_MESSAGES.carrierUnknown, {
      fieldErrors: { carrier: [CASE_MESSAGES.carrierUnknown] },
    });
  }
  const agent = await getAgentContact(deps, agentId);
  const id = `case_${randomId()}`;
  await insertCase(deps.db, {
    id,
    agentId,
    ...report,
    emailedTo: deps.config.memberSupportEmail,
    createdAt: deps.clock.now(),
  });
  await deps.mailer.send(
    caseMail({
      to: deps.config.memberSupportEmail,
      caseId: id,
      productName: deps.config.providerName,
      agent,
      report,
    }),
  );
  return id;
}

// ── My cases (issue 32, docs/decisions/cases.md): the agent's own cases and member support's replies ─────────────

type MyCaseSelect = NonNullable<Awaited<ReturnType<typeof selectMyCase>>>;

const statusOf = (stored: string): CaseStatus => (stored === 'In progress' || stored === 'Closed' ? stored : 'Open');

const toMyCaseRow = ({ row, replyCount, lastReplyAt }: MyCaseSelect): MyCaseRow => ({
  id: row.id,
  status: statusOf(row.status),
  createdAt: row.createdAt,
  requestType: row.requestType as CaseRequestType,
  memberName: row.memberName,
  carrier: row.carrier,
  replyCount,
  lastReplyAt,
});

/** The agent's cases, newest first (member support tier Unlimited, like the Case Form; 403 otherwise). */
export async function listMyCases(deps: Pick<CasesDeps, 'db'>, agentId: string, page: number): Promise<MyCaseList> {
  await assertMayFileCases(deps, agentId);
  const { rows, total } = await selectMyCasesPage(deps.db, agentId, page);
  return { rows: rows.map(toMyCaseRow), total, page, pageSize: MY_CASES_PAGE_SIZE };
}

/**
 * One of the agent's cases with the replies, never the internal notes. Another agent's case (or none) is 404 before
 * anything else, so the answer says nothing of it; the agent's own case is then 403 without the tier.
 */
export async function getMyCase(deps: Pick<CasesDeps, 'db'>, agentId: string, id: string): Promise<MyCase> {
  const found = await selectMyCase(deps.db, agentId, id);
  if (!found) throw notFound();
  await assertMayFileCases(deps, agentId);
  const replies = await selectReplies(deps.db, id);
  const { row } = found;
  return {
    ...toMyCaseRow(found),
    memberId: row.memberId,
    dateOfBirth: row.dateOfBirth,
    memberPhoneNumber: row.memberPhoneNumber,
    description: row.description,
    carrierService: row.carrierService,
    replies: replies.map((r) => ({
      id: r.id,
      body: r.body,
      author: r.staffEmail.split('@')[0] ?? r.staffEmail,
      createdAt: r.createdAt,
    })),
  };
}
