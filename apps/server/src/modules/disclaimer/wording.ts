import wordingFile from './tpmo-disclaimer-wording.json' with { type: 'json' };

type Language = 'en' | 'es';

/** One wording of the TPMO disclaimer, as tpmo-disclaimer-wording.json holds it. */
export interface DisclaimerWording {
  effectiveFrom: string;
  firstPlanYear: number;
  when: string;
  source: string;
  sourceUrl: string;
  note: string | null;
  texts: Record<Language, { notAllPlans: string; allPlans: string }>;
}

/**
 * The wordings, newest effective date first (data, docs/decisions/soa-and-ready-to-sell.md: next year's change is an
 * entry, not code).
 */
export const DISCLAIMER_WORDINGS: readonly DisclaimerWording[] = [...wordingFile.wordings].sort((a, b) =>
  b.effectiveFrom.localeCompare(a.effectiveFrom),
);

/**
 * The wording for a plan year on a day (YYYY-MM-DD): the newest entry in effect that day whose first plan year is
 * the plan year or earlier. Undefined before the first entry.
 */
export function wordingFor(
  planYear: number,
  today: string,
  wordings: readonly DisclaimerWording[] = DISCLAIMER_WORDINGS,
): DisclaimerWording | undefined {
  return wordings.find((w) => w.effectiveFrom <= today && w.firstPlanYear <= planYear);
}

/** The wording's text with the counts filled in. */
export function fillWording(
  wording: DisclaimerWording,
  language: Language,
  counts: { organizations: number; products: number; isEveryPlan: boolean },
): string {
  const text = wording.texts[language][counts.isEveryPlan ? 'allPlans' : 'notAllPlans'];
  return text
    .replaceAll('{organizations}', String(counts.organizations))
    .replaceAll('{products}', String(counts.products));
}

/**
 * The wording's general form, for a message whose area is not known (the SOA e-mail before the beneficiary's ZIP is
 * known): its "we do not offer every plan" text without the sentence that states the counts, so it says nothing it
 * cannot back. Derived from the entry in force, so a change of wording (the CY2027 text without SHIP) reaches it.
 */
export function generalWording(wording: DisclaimerWording, language: Language): string {
  return wording.texts[language].notAllPlans
    .split(/(?<=\.)\s+/)
    .filter((sentence) => !/\{(organizations|products)\}/.test(sentence))
    .join(' ');
}
