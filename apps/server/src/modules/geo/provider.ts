import type { AddressSuggestion } from '@arc/contract';

/**
 * Where address suggestions come from. The offline provider (bundled ZIP data + `parse-address`) is the
 * default; `GEOCODER_URL` plugs an external Nominatim-compatible geocoder in behind the same interface.
 */
export interface AddressSuggestionProvider {
  readonly name: string;
  /** at most `limit` complete US addresses for the query, best first; [] when nothing fits */
  suggest(query: string, limit: number): Promise<AddressSuggestion[]>;
}
