import * as z from 'zod/mini';
import { boundedString, defineRoute, ErrorResponseSchema } from './common.ts';

/**
 * The longest address search: a street line, a unit, a city, a state's name and a ZIP+4 fit in it ("12345 North
 * Martin Luther King Junior Boulevard Apt 1234, Winston-Salem, North Carolina 27101-1234" is 100 characters).
 */
export const ADDRESS_QUERY_MAX_LENGTH = 150;

export const AddressSuggestionsQuerySchema = z.object({
  q: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Type an address or a ZIP code'),
      z.maxLength(ADDRESS_QUERY_MAX_LENGTH, `An address is at most ${ADDRESS_QUERY_MAX_LENGTH} characters`),
    ),
});
export type AddressSuggestionsQuery = z.infer<typeof AddressSuggestionsQuerySchema>;

/**
 * One complete US address the agent can pick (spec part 2 §3 shipping address: street_number, route,
 * locality, administrative_area_level_1, postal_code). Street number and route are null when the query named
 * only a ZIP code or a city; city, state and ZIP always come from the ZIP data, so the county is known too.
 */
export const AddressSuggestionSchema = z.object({
  /** one line, as shown in the suggestion list: "123 Main St, Madison, WI 53703" */
  description: z.string(),
  streetNumber: z.nullable(z.string()),
  route: z.nullable(z.string()),
  /** apartment, suite, unit… as typed ("Apt 4") */
  unit: z.nullable(z.string()),
  city: z.string(),
  /** two-letter state code */
  state: z.string().check(z.length(2)),
  postalCode: boundedString(5).check(z.regex(/^\d{5}$/)),
  /** the county's five-digit FIPS code, as in GET /arc/counties/:state */
  countyId: boundedString(5).check(z.regex(/^\d{5}$/)),
  county: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type AddressSuggestion = z.infer<typeof AddressSuggestionSchema>;

export const AddressSuggestionsResponseSchema = z.object({ suggestions: z.array(AddressSuggestionSchema) });
export type AddressSuggestionsResponse = z.infer<typeof AddressSuggestionsResponseSchema>;

export const findAddressSuggestions = defineRoute({
  method: 'GET',
  path: '/arc/geo/address-suggestions',
  summary: 'Complete US addresses for what the agent typed so far (shipping address search); at most 5',
  tags: ['geo'],
  auth: 'agent',
  query: AddressSuggestionsQuerySchema,
  responses: {
    200: AddressSuggestionsResponseSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    429: ErrorResponseSchema,
  },
});
