import { createPassword, forgotPassword, getPasswordLink, registerAccount } from '@arc/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

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
  useMutation({
    mutationFn: ({ action, npn }: { action: 'register' | 'forgot'; npn: string }) =>
      action === 'register'
        ? apiFetch(registerAccount, { body: { agentNum: npn, action: 'registeraccount' } })
        : apiFetch(forgotPassword, { body: { agentNum: npn, action: 'forgotpassword' } }),
  });

export const useCreatePassword = (token: string) =>
  useMutation({ mutationFn: (password: string) => apiFetch(createPassword, { token, body: { password } }) });
