// the one place that calls useMutation for a submit (eslint.config.js, docs/decisions/web-forms-and-navigation.md)
// eslint-disable-next-line no-restricted-imports
import { useMutation, type DefaultError, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * Every submit of the app (docs/decisions/web-forms-and-navigation.md): a TanStack Query mutation that runs once at a
 * time. While one call is in flight, `mutate` does nothing and `mutateAsync` answers the running call's promise, so a
 * double-click or a second Enter sends one request, even before React has drawn the button busy. The button shows
 * `loading={mutation.isPending}` (Mantine then disables it too). Work before the request (cropping a picture)
 * belongs in `mutationFn`, so the guard and the spinner cover it.
 */
export function useSubmit<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const running = useRef<Promise<TData> | null>(null);
  const { mutateAsync: start } = mutation;

  const mutateAsync = useCallback<typeof start>(
    (...args) => {
      if (running.current) return running.current;
      const call = start(...args);
      running.current = call;
      const done = () => {
        if (running.current === call) running.current = null;
      };
      call.then(done, done);
      return call;
    },
    [start],
  );
  const mutate = useCallback<UseMutationResult<TData, TError, TVariables, TContext>['mutate']>(
    (...args) => {
      // mutate reports failures through onError; the promise's rejection is handled here
      mutateAsync(...args).catch(() => {});
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync };
}
