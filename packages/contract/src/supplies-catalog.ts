import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema } from './common.ts';
import { StateCodeSchema } from './places.ts';
import { FindProductsByStateRequestSchema, ProductSchema, SupplyYearSchema } from './supplies.ts';

// The supplies catalog (spec part 2 §5, §9): the carriers and plans a search finds. Apart from supplies.ts so the
// search form, the cart and the orders (every signed-in page has the cart) do not download it; /products loads
// it with the results (docs/decisions/contract.md).

/** A carrier in a catalog answer. Non-MA carriers carry the product (kit) that Add to Cart puts in the cart. */
export const CompanySchema = z.object({
  name: z.string(),
  plantypes: z.array(z.string()),
  /** false: the agent is not Ready to Sell this carrier's MA/PDP plans there that year (orders are refused) */
  isReadyToSell: z.boolean(),
  /** the kit to add for non-MA types; MA carriers list plans instead */
  product: z.optional(ProductSchema),
});
export type Company = z.infer<typeof CompanySchema>;

/** Spec part 2 §3 Plan record. Money fields are the landscape's text: an amount, "0", "-" or missing. */
export const PlanSchema = z.object({
  id: z.string(),
  planname: z.string(),
  type: z.string(),
  orgname: z.string(),
  monconspremium: z.nullable(z.string()),
  annualdrugdeductible: z.nullable(z.string()),
  innetworkmoop: z.nullable(z.string()),
  contractid: z.string(),
  planid: z.string(),
  plantypes: z.optional(z.object({ name: z.string() })),
  snptype: z.optional(z.string()),
  year: z.int(),
  state: z.string(),
  isReadyToSell: z.boolean(),
});
export type Plan = z.infer<typeof PlanSchema>;

export const ProductTypeCompaniesSchema = z.object({ name: z.string(), companies: z.array(CompanySchema) });
export type ProductTypeCompanies = z.infer<typeof ProductTypeCompaniesSchema>;

export const findProductsByState = defineRoute({
  method: 'POST',
  path: '/arc/products/bystate',
  summary: "A state's carriers for one product type and year",
  tags: ['supplies'],
  auth: 'agent',
  body: FindProductsByStateRequestSchema,
  responses: { 200: z.array(ProductTypeCompaniesSchema), 400: ErrorResponseSchema, 401: ErrorResponseSchema },
});

export const FindProductsByCountyRequestSchema = z.object({
  countyid: z.string().check(z.regex(/^\d{5}$/, 'Choose a county from the list')),
  year: SupplyYearSchema,
});
export const CountyProductsSchema = z.object({
  state: z.string(),
  county: z.string(),
  groups: z.array(ProductTypeCompaniesSchema),
});
export type CountyProducts = z.infer<typeof CountyProductsSchema>;

export const findProductsByCounty = defineRoute({
  method: 'POST',
  path: '/arc/products/bycounty',
  summary: "A county's Medicare Advantage carriers for a year",
  tags: ['supplies'],
  auth: 'agent',
  body: FindProductsByCountyRequestSchema,
  responses: {
    200: z.array(CountyProductsSchema),
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
  },
});

export const FindMaPlansRequestSchema = z.object({
  county: z.string().check(z.regex(/^\d{5}$/, 'Choose a county from the list')),
  state: StateCodeSchema,
  year: SupplyYearSchema,
  company: z.string().check(z.minLength(1), z.maxLength(200)),
});

export const findMaPlans = defineRoute({
  method: 'POST',
  path: '/arc/products/malandscapedata',
  summary: "One carrier's Medicare Advantage plans in a county for a year",
  tags: ['supplies'],
  auth: 'agent',
  body: FindMaPlansRequestSchema,
  responses: { 200: z.array(PlanSchema), 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
});

// ── client-side formatting shared with tests ──────────────────────────────────────────────────────

/** US dollars with 2 decimals; missing, zero, a dash or anything unreadable is "Unknown" (spec part 2 §5). */
export function formatPlanMoney(value: string | null | undefined): string {
  if (value === null || value === undefined) return 'Unknown';
  const cleaned = value.replace(/[$,\s]/g, '');
  if (cleaned === '' || cleaned === '-') return 'Unknown';
  const amount = Number(cleaned);
  if (!Number.isFinite(amount) || amount === 0) return 'Unknown';
  return amount.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
}
