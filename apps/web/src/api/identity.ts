import { getInteractionDetails, submitLogin, type LoginRequest } from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { useSubmit } from './use-submit.ts';

export const identityQueries = {
  interaction: (uid: string) =>
    queryOptions({
      queryKey: ['identity', 'interaction', uid],
      queryFn: ({ signal }) => apiFetch(getInteractionDetails, { params: { uid }, signal }),
      retry: false,
      staleTime: Infinity,
    }),
};

/** POST /interaction/:uid/login: answers where the browser goes next */
export const useSubmitLogin = (uid: string) =>
  useSubmit({ mutationFn: (body: LoginRequest) => apiFetch(submitLogin, { params: { uid }, body }) });
