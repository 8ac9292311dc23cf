import { getInteractionDetails, submitLogin, type LoginRequest } from '@arc/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const identityQueries = {
  interaction: (uid: string) =>
    queryOptions({
      queryKey: ['identity', 'interaction', uid],
      queryFn: ({ signal }) => apiFetch(getInteractionDetails, { params: { uid }, signal }),
      retry: false,
      staleTime: Infinity,
    }),
};

export const useSubmitLogin = (uid: string) =>
  useMutation({ mutationFn: (body: LoginRequest) => apiFetch(submitLogin, { params: { uid }, body }) });
