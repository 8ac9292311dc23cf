// The provider's sign-in form calls, without the contract's schemas (zod stays off the sign-in path; see
// apps/web/README.md "Budget"): the answers are two small objects, checked by hand.
import type { InteractionDetails } from '@arc/contract/identity';
import type { SignInValues } from '@arc/contract/sign-in-form';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { useSubmit } from './use-submit.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A JSON call of the sign-in interaction: the answer, or ApiError with the server's code and message. */
async function interactionCall(path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
      credentials: 'same-origin',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', 'The server could not be reached. Check your connection and try again.');
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    if (isRecord(json) && typeof json.code === 'string' && typeof json.message === 'string') {
      throw new ApiError(response.status, json.code, json.message);
    }
    throw new ApiError(response.status, 'HTTP_ERROR', `The server answered ${response.status}.`);
  }
  if (!isRecord(json)) {
    throw new ApiError(response.status, 'INVALID_RESPONSE', 'The server sent an answer this page does not understand.');
  }
  return json;
}

const interactionPath = (uid: string, action: 'details' | 'login') =>
  `/interaction/${encodeURIComponent(uid)}/${action}`;

export const identityQueries = {
  interaction: (uid: string) =>
    queryOptions({
      queryKey: ['identity', 'interaction', uid],
      queryFn: async ({ signal }): Promise<InteractionDetails> => {
        const json = await interactionCall(interactionPath(uid, 'details'), { signal });
        if (typeof json.uid !== 'string' || typeof json.prompt !== 'string') {
          throw new ApiError(200, 'INVALID_RESPONSE', 'The server sent an answer this page does not understand.');
        }
        return {
          uid: json.uid,
          prompt: json.prompt,
          ...(typeof json.clientName === 'string' ? { clientName: json.clientName } : {}),
        };
      },
      retry: false,
      staleTime: Infinity,
    }),
};

export const useSubmitLogin = (uid: string) =>
  useSubmit({
    mutationFn: async (body: SignInValues): Promise<{ redirectTo: string }> => {
      const json = await interactionCall(interactionPath(uid, 'login'), { method: 'POST', body: JSON.stringify(body) });
      if (typeof json.redirectTo !== 'string') {
        throw new ApiError(200, 'INVALID_RESPONSE', 'The server sent an answer this page does not understand.');
      }
      return { redirectTo: json.redirectTo };
    },
  });
