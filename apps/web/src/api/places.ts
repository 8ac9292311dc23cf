import { getCounties, getPostalCode, type StateCode } from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const placesQueries = {
  /** GET /arc/counties/:state — a state's counties by name; census data, so kept for the whole visit */
  counties: (state: StateCode) =>
    queryOptions({
      queryKey: ['places', 'counties', state],
      queryFn: ({ signal }) => apiFetch(getCounties, { params: { state }, signal }),
      staleTime: Infinity,
      gcTime: 60 * 60_000,
    }),
};

/** GET /arc/postal-codes/:zip — a US postal code, or ApiError 404 when it is not one */
export const fetchPostalCode = (zip: string) => apiFetch(getPostalCode, { params: { zip } });
