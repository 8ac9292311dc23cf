import * as z from 'zod/mini';
import { datePartsIn } from './business-time.ts';
import { boundedString, defineRoute, ErrorResponseSchema } from './common.ts';
import { CountySchema, CountiesParamsSchema, StateCodeSchema } from './places.ts';

/** Texts of spec part 2 §5 and §8 for prospect lists, word for word, plus the notices this project adds. */
export const PROSPECT_MESSAGES = {
  postalCodeInvalidTitle: 'Postal Code Invalid',
  postalCodeInvalid: 'Postal code length must be 5 digits',
  missingCountyTitle: 'Missing County',
  missingCounty:
    "There are no counties in the 'Counties Selected' select box. Please search for a county and click on a selection.",
  missingZipTitle: 'Missing Postal Code(s)',
  missingZip: 'There are no Postal Codes in the select box. Please search for a Postal Code and click on a selection.',
  noDataTitle: 'No Data',
  noData: 'There is no data for that search.',
  noExportData: 'There is no data to export. Please use the search inputs and button to populate the table.',
  ageRangeFailed: 'Problem retrieving age ranges from server.',
  downloadFailed: 'Error downloading the file',
  /** the confirmation before a download (spec §5: accuracy is not guaranteed; the USPS address tool is recommended) */
  downloadNotice:
    'The accuracy of this data is not guaranteed. Before mailing, we recommend checking each address with the USPS ZIP Code™ address lookup tool (tools.usps.com).',
  /** purchased T65 lists are for mail until a person agrees to be called (TCPA, CMS marketing rules) */
  contactNotice:
    'For mail only: do not call or text anyone on this list unless that person has agreed to be contacted (TCPA and CMS marketing rules).',
  datesOutOfOrder: 'The start date may not be after the end date.',
  rangeTooLong: 'The date range may be at most 13 months.',
  tooManyLocations: 'Choose at most 50 counties or postal codes per search.',
  tooManyPostalCodesTitle: 'Too Many Postal Codes',
  tooManyPostalCodes: 'A search can have at most 50 postal codes. Remove one before you add another.',
  postalCodeUnknownTitle: 'Postal Code Unknown',
  postalCodeUnknown: (code: string) => `${code} is not a US postal code.`,
  postalCodeCheckFailed: 'The postal code could not be checked. Please try again.',
  noProspectsInState: (stateName: string) => `The prospect list has no prospects in ${stateName}.`,
} as const;

export const PROSPECT_AGE_MIN = 65;
export const PROSPECT_AGE_MAX = 85;
export const PROSPECT_AGE_DEFAULT = 65;
export const POSTAL_CODE_LENGTH = 5;
/** counties or ZIP codes in one search */
export const PROSPECT_MAX_LOCATIONS = 50;
export const PROSPECT_MAX_RANGE_MONTHS = 13;
/** months ahead of the start of this month that the default to-date lies (spec §9) */
export const PROSPECT_DEFAULT_RANGE_MONTHS = 3;
/**
 * Most rows one search sends to the browser: enough for any county over a year of a national list, small enough
 * that the table stays smooth. A search that reaches it says so (`isCapped`) and the screen asks to narrow it.
 */
export const PROSPECT_ROW_CAP = 10_000;
/** rows per page when the table is printed (spec §9) */
export const PROSPECT_PRINT_PAGE_SIZE = 2000;
export const PROSPECT_EXPORT_FILE_NAME = 'Prospect List.xlsx';

// ── calendar dates (YYYY-MM-DD), no time zone of their own ──────────────────────────────────────────

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const IsoDateSchema = boundedString(10, 'Use a real calendar date as YYYY-MM-DD').check(
  z.refine(isIsoDate, { message: 'Use a real calendar date as YYYY-MM-DD' }),
  z.describe('calendar date, YYYY-MM-DD'),
);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
export const isoDate = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** Adds whole months (and years) to a calendar date; the 31st becomes the month's last day when needed. */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return isoDate(year, month, Math.min(d, last));
}

/** M/D/YYYY, the spec's display format for prospect dates. */
export function formatProspectDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${m}/${d}/${y}`;
}

/** The first day of the business month of `now`. */
export function startOfBusinessMonth(now: Date, timeZone: string): string {
  const { year, month } = datePartsIn(now, timeZone);
  return isoDate(year, month, 1);
}

export interface DateRange {
  datefrom: string;
  dateto: string;
}

/** Spec §9: from the start of this month to three months ahead. */
export function defaultProspectRange(now: Date, timeZone: string): DateRange {
  const datefrom = startOfBusinessMonth(now, timeZone);
  return { datefrom, dateto: addMonths(datefrom, PROSPECT_DEFAULT_RANGE_MONTHS) };
}

/**
 * Spec §5: choosing an age selects the people turning that age from the start of this month to one year later.
 * The dates filter the row's T65 date (the 65th birthday), so age 70 moves the window five years back.
 */
export function prospectRangeForAge(age: number, now: Date, timeZone: string): DateRange {
  const start = addMonths(startOfBusinessMonth(now, timeZone), -12 * (age - PROSPECT_AGE_MIN));
  return { datefrom: start, dateto: addMonths(start, 12) };
}

/** The checks both ends apply to a date range: in order and at most 13 months long. */
export function dateRangeProblem(range: DateRange): string | null {
  if (range.datefrom > range.dateto) return PROSPECT_MESSAGES.datesOutOfOrder;
  if (addMonths(range.datefrom, PROSPECT_MAX_RANGE_MONTHS) < range.dateto) return PROSPECT_MESSAGES.rangeTooLong;
  return null;
}

const refineRange = <T extends DateRange>(value: T, ctx: z.core.$RefinementCtx) => {
  const problem = dateRangeProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', path: ['dateto'], message: problem });
};

/**
 * The prospects' search form (spec part 2 §5): a county search needs a county, a postal code search a postal code,
 * and both a range of dates the search takes. Its messages are the spec's dialogs (Run List), not field messages.
 */
export const ProspectsCountyFormSchema = z
  .object({
    place: z.object({ counties: z.array(z.unknown()).check(z.minLength(1, PROSPECT_MESSAGES.missingCounty)) }),
    datefrom: IsoDateSchema,
    dateto: IsoDateSchema,
  })
  .check(z.superRefine(refineRange));
export const ProspectsZipFormSchema = z
  .object({
    zips: z.array(z.string()).check(z.minLength(1, PROSPECT_MESSAGES.missingZip)),
    datefrom: IsoDateSchema,
    dateto: IsoDateSchema,
  })
  .check(z.superRefine(refineRange));

// ── rows ─────────────────────────────────────────────────────────────────────────────────────────

export const ZipCodeSchema = boundedString(5, PROSPECT_MESSAGES.postalCodeInvalid).check(
  z.regex(/^\d{5}$/, PROSPECT_MESSAGES.postalCodeInvalid),
);
const COUNTY_ID_MESSAGE = 'A county is its five-digit FIPS code, such as 55025';
export const CountyIdSchema = boundedString(5, COUNTY_ID_MESSAGE).check(z.regex(/^\d{5}$/, COUNTY_ID_MESSAGE));

/** Spec part 2 §3 Prospect row, with the spec's field names; `id` lets an export name exactly the rows shown. */
export const ProspectRowSchema = z.object({
  id: z.int(),
  /** the date the person turns 65, YYYY-MM-DD (shown M/D/YYYY) */
  T65: z.string(),
  prefex: z.string(),
  FirstName: z.string(),
  Middle: z.string(),
  Lastname: z.string(),
  Address1: z.string(),
  Address2: z.string(),
  City: z.string(),
  State: z.string(),
  zipcode: z.string(),
  county: z.string(),
  phone: z.string(),
});
export type ProspectRow = z.infer<typeof ProspectRowSchema>;

export const ProspectListResponseSchema = z.object({
  rows: z.array(ProspectRowSchema),
  /** true when the search matched more than `limit` rows and only the first `limit` (by T65 date) came back */
  isCapped: z.boolean(),
  limit: z.int(),
});
export type ProspectListResponse = z.infer<typeof ProspectListResponseSchema>;

const locations = <T extends z.ZodMiniType>(item: T) =>
  z.array(item).check(z.minLength(1), z.maxLength(PROSPECT_MAX_LOCATIONS, PROSPECT_MESSAGES.tooManyLocations));

export const FindProspectsByCountyRequestSchema = z
  .object({
    /** FIPS codes of the chosen counties (one or several) */
    county: locations(CountyIdSchema),
    /** when given, every county must lie in this state */
    state: z.optional(StateCodeSchema),
    datefrom: IsoDateSchema,
    dateto: IsoDateSchema,
  })
  .check(z.superRefine(refineRange));
export type FindProspectsByCountyRequest = z.infer<typeof FindProspectsByCountyRequestSchema>;

export const FindProspectsByZipRequestSchema = z
  .object({ zips: locations(ZipCodeSchema), datefrom: IsoDateSchema, dateto: IsoDateSchema })
  .check(z.superRefine(refineRange));
export type FindProspectsByZipRequest = z.infer<typeof FindProspectsByZipRequestSchema>;

const listResponses = {
  200: ProspectListResponseSchema,
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  429: ErrorResponseSchema,
} as const;

export const findProspectsByCounty = defineRoute({
  method: 'POST',
  path: '/arc/agent/t65/list',
  summary: 'People turning 65 (T65 date in the range) in the chosen counties',
  tags: ['prospects'],
  auth: 'agent',
  body: FindProspectsByCountyRequestSchema,
  responses: listResponses,
});

export const findProspectsByZip = defineRoute({
  method: 'POST',
  path: '/arc/agent/zipcode/list',
  summary: 'People turning 65 (T65 date in the range) in the chosen postal codes',
  tags: ['prospects'],
  auth: 'agent',
  body: FindProspectsByZipRequestSchema,
  responses: listResponses,
});

export const listProspectCounties = defineRoute({
  method: 'GET',
  path: '/arc/t65/counties/:state',
  summary: "The state's counties that have prospects, sorted by name",
  tags: ['prospects'],
  auth: 'agent',
  params: CountiesParamsSchema,
  responses: { 200: z.array(CountySchema), 400: ErrorResponseSchema, 401: ErrorResponseSchema },
});

/** One age of the 65–85 selector: the T65 window it selects and the birth dates that window means. */
export const AgeRangeSchema = z.object({
  age: z.int(),
  datefrom: z.string(),
  dateto: z.string(),
  DOB: z.object({ from: z.string(), to: z.string() }),
});
export type AgeRange = z.infer<typeof AgeRangeSchema>;

export const listProspectAgeRanges = defineRoute({
  method: 'GET',
  path: '/arc/agent/t65/agerange',
  summary: 'The ages 65 to 85 with the date range each selects (from the start of this month, one year)',
  tags: ['prospects'],
  auth: 'agent',
  responses: { 200: z.array(AgeRangeSchema), 401: ErrorResponseSchema },
});

export const ProspectListInfoSchema = z.object({
  /** "data updated through", from the loaded list; null before any list is loaded */
  updatedThrough: z.nullable(z.string()),
  total: z.int(),
});
export type ProspectListInfo = z.infer<typeof ProspectListInfoSchema>;

export const getProspectListInfo = defineRoute({
  method: 'GET',
  path: '/arc/agent/t65/info',
  summary: 'The date the prospect list is updated through, and its size',
  tags: ['prospects'],
  auth: 'agent',
  responses: { 200: ProspectListInfoSchema, 401: ErrorResponseSchema },
});

export const ProspectSearchSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('county'),
    county: locations(CountyIdSchema),
    datefrom: IsoDateSchema,
    dateto: IsoDateSchema,
  }),
  z.object({ kind: z.literal('zip'), zips: locations(ZipCodeSchema), datefrom: IsoDateSchema, dateto: IsoDateSchema }),
]);
export type ProspectSearch = z.infer<typeof ProspectSearchSchema>;

/**
 * The original sent the rows themselves (`t65data`). We send the search and the ids of the rows the table shows
 * after its filters, so the file holds exactly those rows as stored, and the audit records the real search.
 */
export const ExportProspectsRequestSchema = z.object({
  search: ProspectSearchSchema.check(z.superRefine(refineRange)),
  ids: z.array(z.int().check(z.nonnegative())).check(z.maxLength(PROSPECT_ROW_CAP)),
  /** what the table's filters were, for the audit only */
  filters: z.optional(
    z.object({
      text: z.optional(z.string().check(z.maxLength(200))),
      include: z.optional(z.array(ZipCodeSchema).check(z.maxLength(1000))),
      exclude: z.optional(z.array(ZipCodeSchema).check(z.maxLength(1000))),
    }),
  ),
});
export type ExportProspectsRequest = z.infer<typeof ExportProspectsRequestSchema>;

export const exportProspects = defineRoute({
  method: 'POST',
  path: '/arc/agent/t65/countysearch/download',
  summary: 'The shown rows as "Prospect List.xlsx"; every export is recorded',
  tags: ['prospects'],
  auth: 'agent',
  body: ExportProspectsRequestSchema,
  /** 200 is the spreadsheet's bytes */
  responses: { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema },
});
