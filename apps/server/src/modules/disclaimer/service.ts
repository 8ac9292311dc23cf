import { datePartsIn, DISCLAIMER_MESSAGES, type Disclaimer, type DisclaimerQuery } from '@arc/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { getCounty, listCountiesOfZip } from '../places/service.ts';
import { readyCarriers } from '../ready-to-sell/service.ts';
import { listLandscapePlansOfCounties, listLandscapeYears } from '../supplies/service.ts';
import { fillWording, wordingFor } from './wording.ts';

export interface DisclaimerDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

function todayIn(deps: DisclaimerDeps): { iso: string; year: number; month: number } {
  const { year, month, day } = datePartsIn(deps.clock.now(), deps.timeZone);
  return { iso: `${year}-${pad(month)}-${pad(day)}`, year, month };
}

/**
 * The plan years with a landscape, and the one marketed now: next year's from 1 October (CMS: marketing of a plan
 * year starts on 1 October of the year before), else this year's; the newest loaded one when that is not loaded.
 */
export async function listDisclaimerYears(
  deps: DisclaimerDeps,
): Promise<{ years: number[]; defaultYear: number | null }> {
  const years = await listLandscapeYears(deps.db);
  const today = todayIn(deps);
  const marketed = today.month >= 10 ? today.year + 1 : today.year;
  return { years, defaultYear: years.includes(marketed) ? marketed : (years[0] ?? null) };
}

/**
 * The TPMO disclaimer for a county, or for every county a ZIP reaches (docs/decisions/soa-and-ready-to-sell.md): the
 * landscape plans of the plan year there, counted where the agent is Ready to Sell the organisation's Medicare
 * Advantage plans in the plan's state; the agent's own rows only. Plans serving several of a ZIP's counties count once.
 */
export async function getTpmoDisclaimer(
  deps: DisclaimerDeps,
  agentId: string,
  query: DisclaimerQuery,
): Promise<Disclaimer> {
  const years = await listLandscapeYears(deps.db);
  if (!years.includes(query.year)) {
    throw new AppError('BAD_REQUEST', DISCLAIMER_MESSAGES.unknownYear, {
      fieldErrors: { year: [DISCLAIMER_MESSAGES.unknownYear] },
    });
  }
  let counties: { id: string; name: string; state: string }[];
  if (query.zip !== undefined) {
    counties = await listCountiesOfZip(deps.db, query.zip);
    if (counties.length === 0) throw notFound(DISCLAIMER_MESSAGES.unknownZip);
  } else {
    const county = await getCounty(deps.db, query.county!);
    if (!county || county.state !== query.state) throw notFound(DISCLAIMER_MESSAGES.unknownCounty);
    counties = [county];
  }

  const plans = await listLandscapePlansOfCounties(
    deps.db,
    counties.map((c) => c.id),
    query.year,
  );
  const readyByState = new Map<string, Set<string>>();
  for (const state of new Set(plans.map((p) => p.stateCode))) {
    readyByState.set(state, await readyCarriers(deps.db, agentId, { state, year: query.year, productType: 'MA' }));
  }
  const byOrganization = new Map<string, Disclaimer['organizations'][number]['plans']>();
  for (const plan of plans) {
    if (!readyByState.get(plan.stateCode)?.has(plan.orgName)) continue;
    const list = byOrganization.get(plan.orgName) ?? [];
    list.push({
      id: [plan.contractId, plan.planId, plan.segmentId].filter((part) => part !== null && part !== '').join('-'),
      name: plan.planName,
      planType: plan.planType,
    });
    byOrganization.set(plan.orgName, list);
  }
  const organizations = [...byOrganization]
    .map(([name, orgPlans]) => ({ name, plans: orgPlans }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const planCount = organizations.reduce((sum, o) => sum + o.plans.length, 0);
  const allOrganizationCount = new Set(plans.map((p) => p.orgName)).size;

  const wording = wordingFor(query.year, todayIn(deps).iso);
  if (!wording) {
    throw new AppError('BAD_REQUEST', DISCLAIMER_MESSAGES.unknownYear, {
      fieldErrors: { year: [DISCLAIMER_MESSAGES.unknownYear] },
    });
  }
  const counts = {
    organizations: organizations.length,
    products: planCount,
    isEveryPlan: planCount > 0 && planCount === plans.length,
  };
  return {
    year: query.year,
    zip: query.zip ?? null,
    counties,
    organizations,
    organizationCount: organizations.length,
    planCount,
    allOrganizationCount,
    allPlanCount: plans.length,
    wording: {
      effectiveFrom: wording.effectiveFrom,
      when: wording.when,
      source: wording.source,
      sourceUrl: wording.sourceUrl,
      note: wording.note,
    },
    texts: { en: fillWording(wording, 'en', counts), es: fillWording(wording, 'es', counts) },
  };
}
