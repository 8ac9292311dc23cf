import { type AnyPgColumn, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { agents } from './profile.ts';

/**
 * Carrier contracts (spec part 1 §3 Contract). The holder is a contact of the provider's CRM: a person
 * (record type Person Account) or an agency (Agency). `holder_agent_id` links the contracts a portal agent holds;
 * most contracts of a downline belong to contacts who never sign in, so it is often null.
 *
 * The hierarchy is the upline link alone: the downline below a contract is a recursive query over
 * `upline_contract_id` (docs/decisions/contracts-and-hierarchy.md), so moving a contract is one update.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: text('id').primaryKey(),
    holderAgentId: text('holder_agent_id').references(() => agents.id, { onDelete: 'set null' }),
    contactName: text('contact_name').notNull(),
    /** 'Person Account' | 'Agency' */
    recordType: text('record_type').notNull(),
    carrierName: text('carrier_name').notNull(),
    status: text('status').notNull(),
    writingNumber: text('writing_number'),
    uplineContractId: text('upline_contract_id').references((): AnyPgColumn => contracts.id, {
      onDelete: 'set null',
    }),
    /** the id the downline certification call takes (the CRM's report of the hierarchy below this contract) */
    hierarchyReportId: text('hierarchy_report_id'),
  },
  (t) => [
    // the agent's contracts, and the Ready-to-Sell rule's probe: the agent's contracts with one carrier
    index('contracts_holder_carrier_idx').on(t.holderAgentId, t.carrierName),
    index('contracts_upline_idx').on(t.uplineContractId),
    uniqueIndex('contracts_hierarchy_report_key').on(t.hierarchyReportId),
  ],
);

/**
 * A certification of one contract's holder for a product and year (spec part 1 §3 Certification), once each: the
 * certification import adds the ones it does not find.
 */
export const certifications = pgTable(
  'certifications',
  {
    id: text('id').primaryKey(),
    contractId: text('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    product: text('product').notNull(),
  },
  (t) => [uniqueIndex('certifications_contract_year_product_key').on(t.contractId, t.year, t.product)],
);
