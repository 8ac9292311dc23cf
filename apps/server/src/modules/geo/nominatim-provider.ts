import type { AddressSuggestion } from '@arc/contract';
import * as z from 'zod/mini';
import type { Db } from '../../db/client.ts';
import { getZipCode } from '../places/service.ts';
import type { AddressSuggestionProvider } from './provider.ts';

/** The parts of a Nominatim `/search?format=jsonv2&addressdetails=1` answer we read. */
const NominatimResultSchema = z.object({
  lat: z.coerce.number(),
  lon: z.coerce.number(),
  address: z._default(
    z.object({
      house_number: z.optional(z.string()),
      road: z.optional(z.string()),
      city: z.optional(z.string()),
      town: z.optional(z.string()),
      village: z.optional(z.string()),
      hamlet: z.optional(z.string()),
      postcode: z.optional(z.string()),
      country_code: z.optional(z.string()),
    }),
    {},
  ),
});
const NominatimAnswerSchema = z.array(z.unknown());

export interface NominatimProviderOptions {
  /** the geocoder's base URL; `/search` is appended */
  url: string;
  db: Db;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * An external geocoder speaking Nominatim's search API (OpenStreetMap's own, or a self-hosted one). Each
 * result's ZIP code is looked up in the places tables, which fills in the county and drops anything outside
 * the spec's states, so the answer has the same shape and guarantees as the offline one.
 */
export function createNominatimProvider(options: NominatimProviderOptions): AddressSuggestionProvider {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'nominatim',
    async suggest(query, limit) {
      const url = new URL(`${base}/search`);
      url.search = new URLSearchParams({
        q: query,
        format: 'jsonv2',
        addressdetails: '1',
        countrycodes: 'us',
        limit: String(limit),
      }).toString();
      const res = await doFetch(url, {
        headers: { accept: 'application/json', 'user-agent': 'ARC address suggestions' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 2000),
      });
      if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
      const suggestions: AddressSuggestion[] = [];
      for (const item of NominatimAnswerSchema.parse(await res.json())) {
        const result = NominatimResultSchema.safeParse(item);
        if (!result.success) continue;
        const { address, lat, lon } = result.data;
        // a foreign postcode can look like a US ZIP (Paris 75001, Addison TX 75001)
        if (address.country_code !== 'us') continue;
        const zip = address.postcode?.slice(0, 5);
        const place = zip ? await getZipCode(options.db, zip) : undefined;
        if (!place) continue;
        const streetNumber = address.house_number ?? null;
        const route = address.road ?? null;
        const city = address.city ?? address.town ?? address.village ?? address.hamlet ?? place.city;
        const street = [streetNumber, route].filter(Boolean).join(' ');
        suggestions.push({
          description: `${street ? `${street}, ` : ''}${city}, ${place.stateCode} ${place.zip}`,
          streetNumber,
          route,
          unit: null,
          city,
          state: place.stateCode,
          postalCode: place.zip,
          countyId: place.countyFips,
          county: place.countyName,
          latitude: lat,
          longitude: lon,
        });
      }
      return suggestions;
    },
  };
}
