/** What the browser knows about the deployment: everything is same-origin (design §3). */
export const PROVIDER_NAME = 'Agent Resource Center';
export const PROVIDER_SHORT_NAME = 'ARC';
export const OIDC_AUTHORITY = `${window.location.origin}/oidc`;
export const REDIRECT_URI = `${window.location.origin}/login/callback`;
export const POST_LOGOUT_REDIRECT_URI = `${window.location.origin}/sign-in`;
