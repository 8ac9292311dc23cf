import * as z from 'zod/mini';
import { boundedString, defineRoute, ErrorResponseSchema } from './common.ts';
import { CountySchema, StateCodeSchema } from './places.ts';
import { READY_TO_SELL_PRODUCT_TYPES } from './staff-imports.ts';

/**
 * The TPMO disclaimer for a county or a ZIP (`/disclaimer`, docs/decisions/soa-and-ready-to-sell.md): how many
 * organisations and plans the agent represents there, counted from the county's landscape plans of the plan year and
 * the agent's Ready-to-Sell carriers, in the wording of that plan year (server data keyed by effective date, source
 * named).
 */
export const DISCLAIMER_LANGUAGES = ['en', 'es'] as const;
export type DisclaimerLanguage = (typeof DISCLAIMER_LANGUAGES)[number];
export const DISCLAIMER_LANGUAGE_LABELS: Record<DisclaimerLanguage, string> = { en: 'English', es: 'Español' };

export const DISCLAIMER_MESSAGES = {
  chooseArea: 'Choose a state and county, or type a ZIP code.',
  zipFormat: 'A ZIP code is 5 digits.',
  unknownCounty: 'There is no such county in that state.',
  unknownZip: 'We do not know this ZIP code.',
  unknownYear: 'There is no plan landscape loaded for this plan year.',
} as const;

const YearSchema = z.coerce.number().check(z.int(), z.gte(2000), z.lte(2100));

export const DisclaimerQuerySchema = z
  .object({
    year: YearSchema,
    state: z.optional(StateCodeSchema),
    county: z.optional(
      boundedString(5, 'A county is its five-digit FIPS code').check(
        z.regex(/^\d{5}$/, 'A county is its five-digit FIPS code'),
      ),
    ),
    zip: z.optional(
      boundedString(5, DISCLAIMER_MESSAGES.zipFormat).check(z.regex(/^\d{5}$/, DISCLAIMER_MESSAGES.zipFormat)),
    ),
  })
  .check(
    z.refine((q) => q.zip !== undefined || (q.state !== undefined && q.county !== undefined), {
      message: DISCLAIMER_MESSAGES.chooseArea,
      path: ['county'],
    }),
  );
export type DisclaimerQuery = z.infer<typeof DisclaimerQuerySchema>;

/** The page's form: a state and county, or a ZIP, and the plan year. */
export const DisclaimerFormSchema = z
  .object({
    by: z.enum(['county', 'zip']),
    year: YearSchema,
    place: z.object({ state: StateCodeSchema, counties: z.array(CountySchema) }),
    zip: z.string().check(z.trim()),
  })
  .check(
    z.refine((v) => v.by !== 'county' || v.place.counties.length === 1, {
      message: DISCLAIMER_MESSAGES.chooseArea,
      path: ['place'],
    }),
    z.refine((v) => v.by !== 'zip' || /^\d{5}$/.test(v.zip), { message: DISCLAIMER_MESSAGES.zipFormat, path: ['zip'] }),
  );
export type DisclaimerForm = z.infer<typeof DisclaimerFormSchema>;

/**
 * The kinds of plans the disclaimer counts (issue 45): Medicare Advantage plans and stand-alone prescription drug
 * plans, each counted where the agent is Ready to Sell that kind with its organisation. The names are
 * READY_TO_SELL_PRODUCT_TYPES' (the supplies product types of the landscape rows).
 */
export const DISCLAIMER_COUNTED_KINDS = [READY_TO_SELL_PRODUCT_TYPES.MA, READY_TO_SELL_PRODUCT_TYPES.PDP] as const;
export type DisclaimerCountedKind = (typeof DISCLAIMER_COUNTED_KINDS)[number];
const DisclaimerKindSchema = z.enum(DISCLAIMER_COUNTED_KINDS);

/** How the page names a counted kind in its "Counted:" line. */
export const DISCLAIMER_KIND_LABELS: Record<DisclaimerCountedKind, string> = {
  'Medicare Advantage': 'Medicare Advantage',
  'Prescription Drug Plan': 'stand-alone prescription drug plans',
};

export const DisclaimerPlanSchema = z.object({
  /** H1234-001-0 */
  id: z.string(),
  name: z.string(),
  planType: z.nullable(z.string()),
  /** Medicare Advantage or Prescription Drug Plan */
  kind: DisclaimerKindSchema,
});

export const DisclaimerSchema = z.object({
  year: z.int(),
  /** the ZIP asked for, if any */
  zip: z.nullable(z.string()),
  /** the counties counted: one, or each county a ZIP reaches */
  counties: z.array(z.object({ id: z.string(), name: z.string(), state: z.string() })),
  /** the organisations the agent represents there (Ready to Sell), each with its plans counted */
  organizations: z.array(z.object({ name: z.string(), plans: z.array(DisclaimerPlanSchema) })),
  organizationCount: z.int(),
  planCount: z.int(),
  /** every organisation with plans there, represented or not (for "we do not offer every plan") */
  allOrganizationCount: z.int(),
  allPlanCount: z.int(),
  /** the kinds of plans the counts cover, in DISCLAIMER_COUNTED_KINDS' order */
  countedKinds: z.array(DisclaimerKindSchema),
  /** the wording used: its data entry */
  wording: z.object({
    /** YYYY-MM-DD: from when this wording applies */
    effectiveFrom: z.string(),
    /** when the agent must say it, in plain words */
    when: z.string(),
    source: z.string(),
    sourceUrl: z.string(),
    /** what is not certain about the text, if anything */
    note: z.nullable(z.string()),
  }),
  /** the disclaimer with the numbers filled in, per language */
  texts: z.object({ en: z.string(), es: z.string() }),
});
export type Disclaimer = z.infer<typeof DisclaimerSchema>;

export const getTpmoDisclaimer = defineRoute({
  method: 'GET',
  path: '/arc/disclaimer',
  summary: 'The TPMO disclaimer with the organisations and plans the agent represents in a county or ZIP',
  tags: ['disclaimer'],
  auth: 'agent',
  query: DisclaimerQuerySchema,
  responses: { 200: DisclaimerSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
});

export const getDisclaimerYears = defineRoute({
  method: 'GET',
  path: '/arc/disclaimer/years',
  summary: 'The plan years with a landscape loaded, and the one being marketed now',
  tags: ['disclaimer'],
  auth: 'agent',
  responses: {
    200: z.object({ years: z.array(z.int()), defaultYear: z.nullable(z.int()) }),
    401: ErrorResponseSchema,
  },
});

export const DISCLAIMER_TEXT = {
  title: 'TPMO Disclaimer',
  intro:
    'The disclaimer every third-party marketing organisation must give: the organisations and plans you represent in the caller’s area, counted from the plan landscape and your Ready-to-Sell carriers.',
  byCounty: 'State and county',
  byZip: 'ZIP code',
  zip: 'ZIP code',
  planYear: 'Plan year',
  language: 'Language',
  show: 'Show disclaimer',
  copy: 'Copy',
  copied: 'Copied',
  counted: 'Organizations and plans counted',
  /** "Counted: Medicare Advantage and stand-alone prescription drug plans" */
  countedKinds: (kinds: readonly DisclaimerCountedKind[]) => {
    const names = kinds.map((kind) => DISCLAIMER_KIND_LABELS[kind]);
    const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
    return `Counted: ${list}`;
  },
  failed: 'Problem retrieving the disclaimer from the server.',
  spans: (zip: string, names: string[]) =>
    `ZIP ${zip} reaches ${names.length} counties (${names.join(', ')}): the plans of each are counted.`,
} as const;
