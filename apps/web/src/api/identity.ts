import {
  createPassword,
  forgotPassword,
  getInteractionDetails,
  getPasswordLink,
  registerAccount,
  submitLogin,
  type LoginRequest,
} from '@arc/contract';
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
  passwordLink: (token: string) =>
    queryOptions({
      queryKey: ['identity', 'password-link', token],
      queryFn: ({ signal }) => apiFetch(getPasswordLink, { token, signal }),
      retry: false,
      staleTime: Infinity,
    }),
};

export const useSubmitLogin = (uid: string) =>
  useMutation({ mutationFn: (body: LoginRequest) => apiFetch(submitLogin, { params: { uid }, body }) });

export const useRequestAccountLink = () =>
  useMutation({
    mutationFn: ({ action, npn }: { action: 'register' | 'forgot'; npn: string }) =>
      action === 'register'
        ? apiFetch(registerAccount, { body: { agentNum: npn, action: 'registeraccount' } })
        : apiFetch(forgotPassword, { body: { agentNum: npn, action: 'forgotpassword' } }),
  });

export const useCreatePassword = (token: string) =>
  useMutation({ mutationFn: (password: string) => apiFetch(createPassword, { token, body: { password } }) });
