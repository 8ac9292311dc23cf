export interface PlaceCounty {
  fips: string;
  state: string;
  name: string;
  /** the county's ZIP codes (from the shared places tables) */
  zips: string[];
}

export interface PlaceZip {
  zip: string;
  city: string;
  state: string;
  countyFips: string;
}

/**
 * The shared places (states, counties, ZIP → county) in memory, for the generator and the import: a few
 * thousand counties and about 41,000 ZIP codes, read once per run instead of once per line.
 */
export interface PlacesIndex {
  counties: Map<string, PlaceCounty>;
  zips: Map<string, PlaceZip>;
  /** county by state and upper-case name with and without its "County"/"Parish"/… suffix */
  countyByName(state: string, name: string): PlaceCounty | undefined;
}

const SUFFIX = /\s+(county|parish|borough|census area|municipality|city and borough|municipio|island|district)$/i;
const nameKey = (state: string, name: string) => `${state}:${name.trim().toUpperCase().replace(/\s+/g, ' ')}`;

export function buildPlacesIndex(counties: Omit<PlaceCounty, 'zips'>[], zips: PlaceZip[]): PlacesIndex {
  const byFips = new Map<string, PlaceCounty>(counties.map((c) => [c.fips, { ...c, zips: [] }]));
  const byZip = new Map<string, PlaceZip>();
  for (const zip of zips) {
    byZip.set(zip.zip, zip);
    byFips.get(zip.countyFips)?.zips.push(zip.zip);
  }
  for (const county of byFips.values()) county.zips.sort();
  const byName = new Map<string, PlaceCounty>();
  for (const county of byFips.values()) {
    byName.set(nameKey(county.state, county.name), county);
    byName.set(nameKey(county.state, county.name.replace(SUFFIX, '')), county);
  }
  return {
    counties: byFips,
    zips: byZip,
    countyByName: (state, name) =>
      byName.get(nameKey(state, name)) ?? byName.get(nameKey(state, name.replace(SUFFIX, ''))),
  };
}
