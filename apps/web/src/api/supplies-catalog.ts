import { findMaPlans, findProductsByCounty, findProductsByState, type StateCode } from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/**
 * The supplies catalog's searches: loaded with /products' results, not with the cart every page has
 * (docs/decisions/contract.md).
 */
export const catalogQueries = {
  byState: (request: { stateabbr: StateCode; year: number; productType: string }) =>
    queryOptions({
      queryKey: ['supplies', 'by-state', request],
      queryFn: ({ signal }) => apiFetch(findProductsByState, { body: request, signal }),
    }),
  byCounty: (request: { countyid: string; year: number }) =>
    queryOptions({
      queryKey: ['supplies', 'by-county', request],
      queryFn: ({ signal }) => apiFetch(findProductsByCounty, { body: request, signal }),
    }),
  maPlans: (request: { county: string; state: StateCode; year: number; company: string }) =>
    queryOptions({
      queryKey: ['supplies', 'ma-plans', request],
      queryFn: ({ signal }) => apiFetch(findMaPlans, { body: request, signal }),
    }),
};
