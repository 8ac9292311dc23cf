import type { Terms, TermsDocument } from '@arc/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { agentExists, findAcceptance, findCurrentTerms, findPublishedTerms, insertAcceptance } from './queries.ts';

export type { CurrentTerms } from './current-terms.ts';

export const TERMS_NOT_CURRENT_MESSAGE = 'This terms version is no longer current.';

export interface TermsDeps {
  db: Db;
  clock: Clock;
  /** awaited after an agent accepted terms: every replica forgets its cached user info of the agent */
  onAccepted?: (agentId: string) => Promise<void>;
}

/** The current terms version with this agent's acceptance of it (stamp null until accepted). */
export async function getTermsFor(deps: Pick<TermsDeps, 'db' | 'clock'>, agentId: string): Promise<Terms | null> {
  const terms = await findCurrentTerms(deps.db, deps.clock.now());
  if (!terms) return null;
  const stamp = (await findAcceptance(deps.db, agentId, terms.id)) ?? null;
  return { document: terms.title, id: terms.id, stamp };
}

/**
 * Records acceptance of the version in force only: a page left open on an older version cannot accept terms
 * that no longer apply. Accepting twice keeps the first stamp.
 */
export async function acceptTerms(
  deps: TermsDeps,
  agentId: string,
  termsId: number,
  /** the client's address as trusted by TRUST_PROXY, for the audit log */
  ip: string,
): Promise<Terms> {
  const now = deps.clock.now();
  if (!(await agentExists(deps.db, agentId))) throw new AppError('NOT_FOUND', 'Agent not found');
  const terms = await findCurrentTerms(deps.db, now);
  if (!terms || terms.id !== termsId) throw new AppError('CONFLICT', TERMS_NOT_CURRENT_MESSAGE);
  const stamp = await insertAcceptance(deps.db, agentId, terms.id, now);
  await recordAudit(deps, {
    agentId,
    ip,
    action: 'terms.accepted',
    subject: String(terms.id),
    detail: { stamp: stamp.toISOString(), isFirst: stamp.getTime() === now.getTime() },
  });
  await deps.onAccepted?.(agentId);
  return { document: terms.title, id: terms.id, stamp };
}

/** The text of a published terms version (the current one, or an older one an agent accepted). */
export async function getTermsDocument(deps: TermsDeps, termsId: number): Promise<TermsDocument> {
  const terms = await findPublishedTerms(deps.db, termsId, deps.clock.now());
  if (!terms) throw new AppError('NOT_FOUND', 'Terms not found');
  return { id: terms.id, title: terms.title, body: terms.body, publishedAt: terms.publishedAt ?? deps.clock.now() };
}
