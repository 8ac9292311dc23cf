/**
 * How the fetch client reaches the session without importing auth/ (api/ never imports auth/), and without
 * pulling the contract's schemas into modules that only need the token (the sign-in page stays small).
 */
export interface ClientHooks {
  getToken: () => string | null;
  /** a 401 on a call that sent the session's token: the session is over */
  onUnauthorized: () => void;
  /** a 403 TERMS_NOT_ACCEPTED: the current terms must be accepted first (the terms gate) */
  onTermsRequired: () => void;
}

let hooks: ClientHooks = { getToken: () => null, onUnauthorized: () => {}, onTermsRequired: () => {} };

/** The auth layer plugs in the token source and the 401 reaction. */
export function configureApiClient(next: ClientHooks): void {
  hooks = next;
}

export const clientHooks = (): ClientHooks => hooks;
