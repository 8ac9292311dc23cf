/** What the browser knows about the deployment: everything is same-origin (design §3). */
export const PROVIDER_NAME = 'Agent Resource Center';
export const PROVIDER_SHORT_NAME = 'ARC';
export const OIDC_AUTHORITY = `${window.location.origin}/oidc`;
export const REDIRECT_URI = `${window.location.origin}/login/callback`;
export const POST_LOGOUT_REDIRECT_URI = `${window.location.origin}/sign-in`;

/**
 * The contract's WEB_CLIENT_ID and OIDC_SCOPES, repeated here because the contract module that holds them
 * also builds zod schemas, which would otherwise load with the sign-in redirect. config.test.ts keeps
 * them equal.
 */
export const OIDC_CLIENT_ID = 'arc-web';
export const OIDC_SCOPE = 'openid profile email';
