import { CASE_MESSAGES, type CreateCaseReportRequestSchema } from '@arc/contract';
import type * as z from 'zod/mini';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { randomId } from '../../platform/tokens.ts';
import { listHeldCarriers } from '../contracts/service.ts';
import { getAgentContact, isMemberSupportUnlimited } from '../profile/service.ts';
import { caseMail } from './emails.ts';
import { insertCase } from './queries.ts';

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
