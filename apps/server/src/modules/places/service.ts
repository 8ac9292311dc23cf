import type { County, StateCode } from '@arc/contract';
import type { Db } from '../../db/client.ts';
import {
  selectCountiesOfState,
  selectCountiesOfZip,
  selectCounty,
  selectCitiesStartingWith,
  selectZipCode,
  selectZipCodesOfCities,
  selectZipCounties,
  type CityRow,
  type ZipCodeRow,
} from './queries.ts';

/**
 * Places: states, counties and ZIP codes (tables in `db/schema/places.ts`, loaded from the data packages at
 * start). Other areas use these functions, never the tables' queries: prospects check that a ZIP lies in a
 * county, supplies look plans up by county FIPS, address suggestions read ZIP codes.
 */
export type { CityRow, ZipCodeRow };

/** The state's counties sorted by name; id is the five-digit FIPS code. */
export function listCounties(db: Db, state: StateCode): Promise<County[]> {
  return selectCountiesOfState(db, state);
}

/** One ZIP code with its city, state, county and coordinates, or undefined when it is not a known US ZIP. */
export function getZipCode(db: Db, zip: string): Promise<ZipCodeRow | undefined> {
  return selectZipCode(db, zip);
}

/** One county (five-digit FIPS) with its name and state, or undefined. */
export function getCounty(db: Db, fips: string): Promise<{ id: string; name: string; state: string } | undefined> {
  return selectCounty(db, fips);
}

/** Every county a ZIP reaches (one for most ZIPs; a ZIP crossing county lines has several), by FIPS; none: unknown. */
export function listCountiesOfZip(db: Db, zip: string): Promise<{ id: string; name: string; state: string }[]> {
  return selectCountiesOfZip(db, zip);
}

/**
 * The cities named `city` or starting with it, in `state` or in every state, exact name first, then the larger
 * places; at most `limit`, with every ZIP code of each (ordered by ZIP).
 */
export async function findCitiesStartingWith(
  db: Db,
  options: { city: string; state: StateCode | undefined; limit: number },
): Promise<{ city: CityRow; zipCodes: ZipCodeRow[] }[]> {
  const cities = await selectCitiesStartingWith(db, {
    city: options.city,
    stateCode: options.state,
    limit: options.limit,
  });
  const rows = await selectZipCodesOfCities(db, cities);
  return cities.map((city) => ({
    city,
    zipCodes: rows.filter((row) => row.stateCode === city.stateCode && row.city === city.city),
  }));
}

/** The county FIPS code of each known ZIP among `zips` (unknown ZIPs are absent from the map). */
export async function countiesOfZipCodes(db: Db, zips: readonly string[]): Promise<Map<string, string>> {
  if (zips.length === 0) return new Map();
  const rows = await selectZipCounties(db, [...new Set(zips)]);
  return new Map(rows.map((row) => [row.zip, row.countyFips]));
}
