import { getReadyToSellBoard } from '@arc/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const readyToSellQueries = {
  /** the board of a plan year; undefined: the newest (the server's default) */
  board: (year: number | undefined) =>
    queryOptions({
      queryKey: ['ready-to-sell', 'board', { year }],
      queryFn: async ({ signal }) => apiFetch(getReadyToSellBoard, { query: { year }, signal }),
      placeholderData: keepPreviousData,
    }),
};
