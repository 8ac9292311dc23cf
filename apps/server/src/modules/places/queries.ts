import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { counties, zipCodes } from '../../db/schema/index.ts';

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

/** The ZIP codes of one city, matched whatever its case (uses the `state_code, upper(city)` index). */
export const selectZipCodesOfCity = (db: Db, stateCode: string, city: string, limit: number): Promise<ZipCodeRow[]> =>
  db
    .select(zipWithCounty)
    .from(zipCodes)
    .innerJoin(counties, eq(counties.fips, zipCodes.countyFips))
    .where(and(eq(zipCodes.stateCode, stateCode), sql`upper(${zipCodes.city}) = upper(${city})`))
    .orderBy(asc(zipCodes.zip))
    .limit(limit);

/** Which of these ZIP codes lie in which of these counties (uses the primary key). */
export const selectZipCounties = (db: Db, zips: string[]) =>
  db.select({ zip: zipCodes.zip, countyFips: zipCodes.countyFips }).from(zipCodes).where(inArray(zipCodes.zip, zips));
