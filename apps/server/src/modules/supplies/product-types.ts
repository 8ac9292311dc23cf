import { MEDICARE_ADVANTAGE, PRESCRIPTION_DRUG_PLAN } from '@arc/contract';
import type { Db } from '../../db/client.ts';
import { supplyProductTypes } from '../../db/schema/index.ts';

/** Product types in the picker's order; MA and PDP kits need Ready to Sell. */
const PRODUCT_TYPES: (typeof supplyProductTypes.$inferInsert)[] = [
  { name: MEDICARE_ADVANTAGE, sortOrder: 1, requiresReadyToSell: true, isByCounty: true },
  { name: 'Medicare Supplement', sortOrder: 2 },
  { name: PRESCRIPTION_DRUG_PLAN, sortOrder: 3, requiresReadyToSell: true },
  { name: 'Dental Vision Hearing', sortOrder: 4 },
  { name: 'Hospital Indemnity', sortOrder: 5 },
  { name: 'Final Expense', sortOrder: 6 },
];

/** Adds the product types that are missing (the landscape import's products belong to them). */
export async function ensureProductTypes(db: Db): Promise<void> {
  await db.insert(supplyProductTypes).values(PRODUCT_TYPES).onConflictDoNothing();
}
