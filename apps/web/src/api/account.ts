import {
  checkCommonPassword,
  containsAccountName,
  createPassword,
  forgotPassword,
  getPasswordLink,
  PASSWORD_EXTRA_RULES,
  passesPasswordRules,
  registerAccount,
} from '@arc/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
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

/** How long typing pauses before the checklist asks whether the password is common. */
const COMMON_CHECK_DEBOUNCE_MS = 400;

/**
 * The two rules the server adds to the spec's checklist, live: "not a commonly used password" (asked of the server
 * once typing pauses, for a password that meets the other rules; the list stays on the server) and "does not
 * contain your username or NPN" (the contract's own test). Not met until known.
 */
export function usePasswordPolicyCriteria(password: string, accountNames: readonly (string | null | undefined)[]) {
  const [settled] = useDebouncedValue(password, COMMON_CHECK_DEBOUNCE_MS);
  const shouldAsk = settled === password && passesPasswordRules(password);
  const common = useQuery({
    queryKey: ['account', 'password-common', settled],
    queryFn: ({ signal }) => apiFetch(checkCommonPassword, { body: { password: settled }, signal }),
    enabled: shouldAsk,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
  return [
    { id: 'notCommon', label: PASSWORD_EXTRA_RULES.notCommon, ok: shouldAsk && common.data?.isCommon === false },
    {
      id: 'noAccountName',
      label: PASSWORD_EXTRA_RULES.noAccountName,
      ok: password.length > 0 && !containsAccountName(password, accountNames),
    },
  ];
}
