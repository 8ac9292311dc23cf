import type { County, StateCode } from '@arc/contract';
import type { Db } from '../../db/client.ts';
import {
  selectCountiesOfState,
  selectZipCode,
  selectZipCodesOfCity,
  selectZipCounties,
  type ZipCodeRow,
} from './queries.ts';

/**
 * Places: states, counties and ZIP codes (tables in `db/schema/places.ts`, loaded from the data packages at
 * start). Other areas use these functions, never the tables' queries: prospects check that a ZIP lies in a
 * county, supplies look plans up by county FIPS, address suggestions read ZIP codes.
 */
export type { ZipCodeRow };

/** The state's counties sorted by name; id is the five-digit FIPS code. */
export function listCounties(db: Db, state: StateCode): Promise<County[]> {
  return selectCountiesOfState(db, state);
}

/** One ZIP code with its city, state, county and coordinates, or undefined when it is not a known US ZIP. */
export function getZipCode(db: Db, zip: string): Promise<ZipCodeRow | undefined> {
  return selectZipCode(db, zip);
}

/** A city's ZIP codes (case-insensitive name), at most `limit`. */
export function findZipCodesOfCity(
  db: Db,
  options: { state: StateCode; city: string; limit: number },
): Promise<ZipCodeRow[]> {
  return selectZipCodesOfCity(db, options.state, options.city, options.limit);
}

/** The county FIPS code of each known ZIP among `zips` (unknown ZIPs are absent from the map). */
export async function countiesOfZipCodes(db: Db, zips: readonly string[]): Promise<Map<string, string>> {
  if (zips.length === 0) return new Map();
  const rows = await selectZipCounties(db, [...new Set(zips)]);
  return new Map(rows.map((row) => [row.zip, row.countyFips]));
}
