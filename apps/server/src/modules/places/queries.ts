import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { counties, zipCodeCounties, zipCodes } from '../../db/schema/index.ts';

export type ZipCodeRow = typeof zipCodes.$inferSelect & { countyName: string };

export const selectCountiesOfState = (db: Db, stateCode: string) =>
  db
    .select({ id: counties.fips, label: counties.name })
    .from(counties)
    .where(eq(counties.stateCode, stateCode))
    .orderBy(asc(counties.name));

const zipWithCounty = {
  zip: zipCodes.zip,
  city: zipCodes.city,
  stateCode: zipCodes.stateCode,
  countyFips: zipCodes.countyFips,
  latitude: zipCodes.latitude,
  longitude: zipCodes.longitude,
  countyName: counties.name,
};

export async function selectZipCode(db: Db, zip: string): Promise<ZipCodeRow | undefined> {
  const [row] = await db
    .select(zipWithCounty)
    .from(zipCodes)
    .innerJoin(counties, eq(counties.fips, zipCodes.countyFips))
    .where(eq(zipCodes.zip, zip))
    .limit(1);
  return row;
}

/** A city: its name as the ZIP data spells it, its state and how many ZIP codes it has (a measure of its size). */
export interface CityRow {
  city: string;
  stateCode: string;
  zipCount: number;
}

const likePrefix = (text: string) => `${text.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The cities whose name is `city` or starts with it (typing in progress), whatever the case, in one state or in
 * all: the exact name first, then the larger places (more ZIP codes). Uses the `state_code, upper(city)` index
 * with a state; without one it reads the table (about 41,000 short rows).
 */
export const selectCitiesStartingWith = (
  db: Db,
  options: { city: string; stateCode: string | undefined; limit: number },
): Promise<CityRow[]> => {
  const upperCity = options.city.toUpperCase();
  const zipCount = sql<number>`count(*)::int`;
  return db
    .select({ city: zipCodes.city, stateCode: zipCodes.stateCode, zipCount })
    .from(zipCodes)
    .where(
      and(
        options.stateCode ? eq(zipCodes.stateCode, options.stateCode) : undefined,
        sql`upper(${zipCodes.city}) like ${likePrefix(options.city)}`,
      ),
    )
    .groupBy(zipCodes.city, zipCodes.stateCode)
    .orderBy(sql`upper(${zipCodes.city}) = ${upperCity} desc`, sql`count(*) desc`, asc(zipCodes.city))
    .limit(options.limit);
};

/** Every ZIP code of these cities (uses the `state_code, upper(city)` index). */
export const selectZipCodesOfCities = (db: Db, cities: readonly Pick<CityRow, 'city' | 'stateCode'>[]) =>
  cities.length === 0
    ? Promise.resolve([])
    : db
        .select(zipWithCounty)
        .from(zipCodes)
        .innerJoin(counties, eq(counties.fips, zipCodes.countyFips))
        .where(
          or(
            ...cities.map((c) =>
              and(eq(zipCodes.stateCode, c.stateCode), sql`upper(${zipCodes.city}) = ${c.city.toUpperCase()}`),
            ),
          ),
        )
        .orderBy(asc(zipCodes.zip));

/** Which of these ZIP codes lie in which of these counties (uses the primary key). */
export const selectZipCounties = (db: Db, zips: string[]) =>
  db.select({ zip: zipCodes.zip, countyFips: zipCodes.countyFips }).from(zipCodes).where(inArray(zipCodes.zip, zips));

/** One county by FIPS code, with its state. */
export async function selectCounty(db: Db, fips: string) {
  const [row] = await db
    .select({ id: counties.fips, name: counties.name, state: counties.stateCode })
    .from(counties)
    .where(eq(counties.fips, fips))
    .limit(1);
  return row;
}

/** Every county a ZIP reaches: the ZIP data's own, then a crosswalk's others (zip_code_counties), by FIPS. */
export const selectCountiesOfZip = (db: Db, zip: string) =>
  db
    .select({ id: counties.fips, name: counties.name, state: counties.stateCode })
    .from(counties)
    .where(
      or(
        inArray(counties.fips, db.select({ fips: zipCodes.countyFips }).from(zipCodes).where(eq(zipCodes.zip, zip))),
        inArray(
          counties.fips,
          db.select({ fips: zipCodeCounties.countyFips }).from(zipCodeCounties).where(eq(zipCodeCounties.zip, zip)),
        ),
      ),
    )
    .orderBy(asc(counties.fips));
