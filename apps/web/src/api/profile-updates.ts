import {
  AVATAR_FIELD,
  changePassword,
  confirmEmailChange,
  updateAvatar,
  updateTimeZone,
  updateUserInfo,
  type ChangePasswordRequest,
} from '@arc/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { profileQueries } from './profile.ts';
import { queryClient } from './query-client.ts';
import { useSubmit } from './use-submit.ts';

// The agent's own changes, apart from profile.ts, which every signed-in page loads for the agent: only the
// screens that make these changes load them.

/** POST /arc/agent/avatar (the picture `prepare` makes of the input): the new picture goes into the cached agent at once, so the top bar shows it. */
export function useUpdateAvatar<T>(prepare: (input: T) => Promise<Blob>) {
  const client = useQueryClient();
  return useSubmit({
    // the picture is prepared (cropped) inside the submit, so a second Save while it runs sends nothing
    mutationFn: async (input: T) => {
      const picture = await prepare(input);
      const form = new FormData();
      form.append(AVATAR_FIELD, picture, 'avatar.jpg');
      return apiFetch(updateAvatar, { formData: form });
    },
    onSuccess: ({ avatar }) => {
      const { queryKey } = profileQueries.currentAgent();
      client.setQueryData(queryKey, (agent) => (agent ? { ...agent, avatar } : agent));
      void client.invalidateQueries({ queryKey });
    },
  });
}

/** POST /arc/user/create/password */
export function useChangePassword() {
  return useSubmit({ mutationFn: (body: ChangePasswordRequest) => apiFetch(changePassword, { body }) });
}

/**
 * POST /arc/user/updateinfo with the current password: nothing changes until the link e-mailed to the new address
 * is opened; the agent then shows the address as pending.
 */
export function useUpdateEmail() {
  const client = useQueryClient();
  return useSubmit({
    mutationFn: ({ email, password }: { email: string; password: string }) =>
      apiFetch(updateUserInfo, { body: { agent: { email }, password } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: profileQueries.currentAgent().queryKey }),
  });
}

/** POST /arc/user/email/confirm with the e-mailed link's token as the bearer. */
export function useConfirmEmailChange(token: string) {
  const client = useQueryClient();
  return useSubmit({
    mutationFn: () => apiFetch(confirmEmailChange, { token }),
    onSuccess: () => void client.invalidateQueries({ queryKey: profileQueries.currentAgent().queryKey }),
  });
}

/** My Profile's time zone (null: the state's); the agent is fetched again, so every time shows in it. */
export async function saveTimeZone(timeZone: string | null): Promise<void> {
  await apiFetch(updateTimeZone, { body: { timeZone } });
  await queryClient.invalidateQueries({ queryKey: profileQueries.currentAgent().queryKey });
}
