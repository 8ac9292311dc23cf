import { createPassword, forgotPassword, getPasswordLink, registerAccount } from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { useSubmit } from './use-submit.ts';

export const accountQueries = {
  passwordLink: (token: string) =>
    queryOptions({
      queryKey: ['account', 'password-link', token],
      queryFn: ({ signal }) => apiFetch(getPasswordLink, { token, signal }),
      retry: false,
      staleTime: Infinity,
    }),
};

export const useRequestAccountLink = () =>
  useSubmit({
    mutationFn: ({ action, npn }: { action: 'register' | 'forgot'; npn: string }) =>
      action === 'register'
        ? apiFetch(registerAccount, { body: { agentNum: npn, action: 'registeraccount' } })
        : apiFetch(forgotPassword, { body: { agentNum: npn, action: 'forgotpassword' } }),
  });

export const useCreatePassword = (token: string) =>
  useSubmit({ mutationFn: (password: string) => apiFetch(createPassword, { token, body: { password } }) });
