import {
  datePartsIn,
  DISCLAIMER_COUNTED_KINDS,
  DISCLAIMER_MESSAGES,
  READY_TO_SELL_PRODUCT_TYPES,
  type Disclaimer,
  type DisclaimerCountedKind,
  type DisclaimerLanguage,
  type DisclaimerQuery,
  type ReadyToSellProductType,
} from '@arc/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { getCounty, listCountiesOfZip } from '../places/service.ts';
import { readyCarriers } from '../ready-to-sell/service.ts';
import { listLandscapePdpsOfStates, listLandscapePlansOfCounties, listLandscapeYears } from '../supplies/service.ts';
import { fillWording, generalWording, wordingFor } from './wording.ts';

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

/** The Ready-to-Sell product type (MA, PDP) a landscape plan of each counted kind needs. */
const READY_TO_SELL_CODE_OF = new Map<string, ReadyToSellProductType>(
  (Object.entries(READY_TO_SELL_PRODUCT_TYPES) as [ReadyToSellProductType, string][]).map(([code, name]) => [
    name,
    code,
  ]),
);
const isCountedKind = (type: string): type is DisclaimerCountedKind =>
  (DISCLAIMER_COUNTED_KINDS as readonly string[]).includes(type);

/**
 * The TPMO disclaimer for a county, or for every county a ZIP reaches (docs/decisions/soa-and-ready-to-sell.md): the
 * landscape plans of the plan year there — the Medicare Advantage plans serving the counties and the stand-alone drug
 * plans (PDPs) of their states — each counted where the agent is Ready to Sell that plan's own kind (MA or PDP) with
 * its organisation in the plan's state; the agent's own rows only. Plans serving several of a ZIP's counties count
 * once.
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

  const maPlans = await listLandscapePlansOfCounties(
    deps.db,
    counties.map((c) => c.id),
    query.year,
  );
  const pdps = await listLandscapePdpsOfStates(deps.db, [...new Set(counties.map((c) => c.state))], query.year);
  const plans = [...maPlans, ...pdps].filter((plan) => isCountedKind(plan.type));
  const ready = new Map<string, Set<string>>();
  for (const plan of plans) {
    const productType = READY_TO_SELL_CODE_OF.get(plan.type)!;
    const key = `${plan.stateCode}|${productType}`;
    if (!ready.has(key)) {
      ready.set(key, await readyCarriers(deps.db, agentId, { state: plan.stateCode, year: query.year, productType }));
    }
  }
  const byOrganization = new Map<string, Disclaimer['organizations'][number]['plans']>();
  for (const plan of plans) {
    const productType = READY_TO_SELL_CODE_OF.get(plan.type)!;
    if (!ready.get(`${plan.stateCode}|${productType}`)?.has(plan.orgName)) continue;
    const list = byOrganization.get(plan.orgName) ?? [];
    list.push({
      id: [plan.contractId, plan.planId, plan.segmentId].filter((part) => part !== null && part !== '').join('-'),
      name: plan.planName,
      planType: plan.planType,
      kind: plan.type as DisclaimerCountedKind,
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
    countedKinds: [...DISCLAIMER_COUNTED_KINDS],
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

/** The plan year marketed on today's date: next year's from 1 October (CMS), else this year's. */
function marketedYear(deps: DisclaimerDeps): number {
  const today = todayIn(deps);
  return today.month >= 10 ? today.year + 1 : today.year;
}

/**
 * The TPMO disclaimer a message to a beneficiary carries (the SOA e-mail), in the wording in force today for the plan
 * year marketed today. With a ZIP the area is known: the agent's counts there, as `/disclaimer` gives them. Without
 * one (or without that year's landscape, or a ZIP we do not know) there is nothing honest to count: the wording's
 * general form, its "we do not offer every plan" text without the sentence of numbers (`generalWording`).
 */
export async function getMessageDisclaimer(
  deps: DisclaimerDeps,
  agentId: string,
  options: { language: DisclaimerLanguage; zip: string | null },
): Promise<{ text: string; isCounted: boolean }> {
  const year = marketedYear(deps);
  if (options.zip !== null && /^\d{5}$/.test(options.zip)) {
    try {
      const disclaimer = await getTpmoDisclaimer(deps, agentId, { year, zip: options.zip });
      return { text: disclaimer.texts[options.language], isCounted: true };
    } catch (error) {
      // an unknown ZIP or a year without a landscape: the general form below
      if (!(error instanceof AppError)) throw error;
    }
  }
  const wording = wordingFor(year, todayIn(deps).iso);
  return { text: wording ? generalWording(wording, options.language) : '', isCounted: false };
}
