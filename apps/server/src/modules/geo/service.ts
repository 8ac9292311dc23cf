import type { AddressSuggestion } from '@arc/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createNominatimProvider } from './nominatim-provider.ts';
import { createOfflineProvider } from './offline-provider.ts';
import type { AddressSuggestionProvider } from './provider.ts';

export const MAX_SUGGESTIONS = 5;

export interface GeoDeps {
  /** the external geocoder when one is configured */
  external: AddressSuggestionProvider | undefined;
  offline: AddressSuggestionProvider;
}

export function createGeoDeps(options: { db: Db; geocoderUrl: string | undefined }): GeoDeps {
  return {
    offline: createOfflineProvider(options.db),
    external: options.geocoderUrl ? createNominatimProvider({ url: options.geocoderUrl, db: options.db }) : undefined,
  };
}

/**
 * Suggestions for what the agent typed: from the external geocoder when configured, else offline. A geocoder
 * that fails or is slow does not break the checkout: the offline answer stands in, and the failure is logged.
 */
export async function findAddressSuggestions(
  deps: GeoDeps,
  query: string,
  log: FastifyBaseLogger,
): Promise<AddressSuggestion[]> {
  if (deps.external) {
    try {
      return await deps.external.suggest(query, MAX_SUGGESTIONS);
    } catch (err) {
      log.warn({ err, provider: deps.external.name }, 'address geocoder failed; answering offline suggestions');
    }
  }
  return deps.offline.suggest(query, MAX_SUGGESTIONS);
}
