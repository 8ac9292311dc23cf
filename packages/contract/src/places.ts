import * as z from 'zod/mini';
import { boundedString, defineRoute, ErrorResponseSchema } from './common.ts';

/** The 50 states, the District of Columbia and the Virgin Islands, each with a label and a code. */
export const STATES = [
  { code: 'AL', label: 'Alabama' },
  { code: 'AK', label: 'Alaska' },
  { code: 'AZ', label: 'Arizona' },
  { code: 'AR', label: 'Arkansas' },
  { code: 'CA', label: 'California' },
  { code: 'CO', label: 'Colorado' },
  { code: 'CT', label: 'Connecticut' },
  { code: 'DE', label: 'Delaware' },
  { code: 'DC', label: 'District of Columbia' },
  { code: 'FL', label: 'Florida' },
  { code: 'GA', label: 'Georgia' },
  { code: 'HI', label: 'Hawaii' },
  { code: 'ID', label: 'Idaho' },
  { code: 'IL', label: 'Illinois' },
  { code: 'IN', label: 'Indiana' },
  { code: 'IA', label: 'Iowa' },
  { code: 'KS', label: 'Kansas' },
  { code: 'KY', label: 'Kentucky' },
  { code: 'LA', label: 'Louisiana' },
  { code: 'ME', label: 'Maine' },
  { code: 'MD', label: 'Maryland' },
  { code: 'MA', label: 'Massachusetts' },
  { code: 'MI', label: 'Michigan' },
  { code: 'MN', label: 'Minnesota' },
  { code: 'MS', label: 'Mississippi' },
  { code: 'MO', label: 'Missouri' },
  { code: 'MT', label: 'Montana' },
  { code: 'NE', label: 'Nebraska' },
  { code: 'NV', label: 'Nevada' },
  { code: 'NH', label: 'New Hampshire' },
  { code: 'NJ', label: 'New Jersey' },
  { code: 'NM', label: 'New Mexico' },
  { code: 'NY', label: 'New York' },
  { code: 'NC', label: 'North Carolina' },
  { code: 'ND', label: 'North Dakota' },
  { code: 'OH', label: 'Ohio' },
  { code: 'OK', label: 'Oklahoma' },
  { code: 'OR', label: 'Oregon' },
  { code: 'PA', label: 'Pennsylvania' },
  { code: 'RI', label: 'Rhode Island' },
  { code: 'SC', label: 'South Carolina' },
  { code: 'SD', label: 'South Dakota' },
  { code: 'TN', label: 'Tennessee' },
  { code: 'TX', label: 'Texas' },
  { code: 'UT', label: 'Utah' },
  { code: 'VT', label: 'Vermont' },
  { code: 'VI', label: 'Virgin Islands' },
  { code: 'VA', label: 'Virginia' },
  { code: 'WA', label: 'Washington' },
  { code: 'WV', label: 'West Virginia' },
  { code: 'WI', label: 'Wisconsin' },
  { code: 'WY', label: 'Wyoming' },
] as const;

export type StateCode = (typeof STATES)[number]['code'];
export const STATE_CODES = STATES.map((s) => s.code) as [StateCode, ...StateCode[]];
/** The picker's state when the agent's own state is not on the list . */
export const DEFAULT_STATE: StateCode = 'WI';

export const StateCodeSchema = z.enum(STATE_CODES, {
  error: () => 'Choose a state from the list: a two-letter code such as WI',
});

/** A county: label and id (the county's five-digit FIPS code, stable across loads). */
export const CountySchema = z.object({
  id: boundedString(5).check(z.regex(/^\d{5}$/)),
  label: z.string(),
});
export type County = z.infer<typeof CountySchema>;

export const CountiesParamsSchema = z.object({ state: StateCodeSchema });

export const getCounties = defineRoute({
  method: 'GET',
  path: '/arc/counties/:state',
  summary: "The state's counties, sorted by name, for the state and county picker",
  tags: ['places'],
  /** Public and rate-limited per IP (docs/architecture.md: no secret in the browser). */
  auth: 'none',
  params: CountiesParamsSchema,
  responses: {
    200: z.array(CountySchema),
    400: ErrorResponseSchema,
    429: ErrorResponseSchema,
  },
});

export const PostalCodeParamsSchema = z.object({
  zip: boundedString(5, 'Postal code length must be 5 digits').check(
    z.regex(/^\d{5}$/, 'Postal code length must be 5 digits'),
  ),
});

/** One US postal code (ZIP) with where it lies. */
export const PostalCodeSchema = z.object({
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  /** the county's five-digit FIPS code */
  countyId: z.string(),
  countyName: z.string(),
});
export type PostalCode = z.infer<typeof PostalCodeSchema>;

export const getPostalCode = defineRoute({
  method: 'GET',
  path: '/arc/postal-codes/:zip',
  summary: 'One US postal code with its city, state and county (404 when it is not a US postal code)',
  tags: ['places'],
  /** Public and rate-limited per IP, like the counties. */
  auth: 'none',
  params: PostalCodeParamsSchema,
  responses: {
    200: PostalCodeSchema,
    400: ErrorResponseSchema,
    404: ErrorResponseSchema,
    429: ErrorResponseSchema,
  },
});
