import { bigint, date, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The T65 prospect list: people turning 65, one row each, as bought by the provider and loaded with
 * `npm run import:t65` (or made by `npm run generate:t65`). A load fills a fresh copy of this table and swaps it in
 * by renaming, so agents see the old list or the new one, never half of one. `id` is the row's line in its load.
 */
export const t65Prospects = pgTable(
  't65_prospects',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    /** the 65th birthday */
    t65: date('t65', { mode: 'string' }).notNull(),
    prefix: text('prefix').notNull().default(''),
    firstName: text('first_name').notNull(),
    middle: text('middle').notNull().default(''),
    lastName: text('last_name').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    /** five-digit FIPS code */
    countyFips: text('county_fips').notNull(),
    countyName: text('county_name').notNull(),
    phone: text('phone').notNull().default(''),
  },
  // The two searches: counties or ZIP codes, each with a T65 date range, read in T65 order.
  (t) => [
    index('t65_prospects_county_t65_idx').on(t.countyFips, t.t65, t.id),
    index('t65_prospects_zip_t65_idx').on(t.zip, t.t65, t.id),
  ],
);

/** Counties that have prospects, with their counts: swapped in with the list, so the picker never scans it. */
export const t65Counties = pgTable(
  't65_counties',
  {
    countyFips: text('county_fips').primaryKey(),
    state: text('state').notNull(),
    name: text('name').notNull(),
    prospects: integer('prospects').notNull(),
  },
  (t) => [index('t65_counties_state_idx').on(t.state, t.name)],
);

/** The loaded list (one row, id 1): where it came from and the date it is updated through. */
export const t65ListInfo = pgTable('t65_list_info', {
  id: smallint('id').primaryKey(),
  updatedThrough: date('updated_through', { mode: 'string' }),
  total: integer('total').notNull(),
  source: text('source').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every export of prospects (TCPA / CMS marketing rules): who, when, which search, how many rows. */
export const t65Exports = pgTable(
  't65_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** no foreign key: the record outlives the agent's account */
    agentId: text('agent_id').notNull(),
    npn: text('npn').notNull(),
    exportedAt: timestamp('exported_at', { withTimezone: true }).notNull().defaultNow(),
    search: jsonb('search').notNull(),
    filters: jsonb('filters'),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [
    index('t65_exports_exported_at_idx').on(t.exportedAt),
    index('t65_exports_agent_idx').on(t.agentId, t.exportedAt),
  ],
);
