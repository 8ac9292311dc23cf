/**
 * Facts the server and the web app both use, with no zod: the web app's first load (the sign-in redirect)
 * imports this file alone, as `@arc/contract/constants`.
 */

/** Every page path of the web app, built in one place; the server's e-mails and provider use them too. */
export const paths = {
  home: '/',
  signIn: '/sign-in',
  signInForgot: '/sign-in/forgot',
  signInRegister: '/sign-in/register',
  loginCallback: '/login/callback',
  interaction: (uid: string) => `/interaction/${encodeURIComponent(uid)}`,
  register: (token: string) => `/register/${encodeURIComponent(token)}`,
  forgotPassword: (token: string) => `/forgotpass/${encodeURIComponent(token)}`,
  /** the link e-mailed to a new address: the change applies when it is opened */
  confirmEmail: (token: string) => `/verify-email/${encodeURIComponent(token)}`,
  termsGate: '/tosgate',
  terms: '/tos',
  policies: '/policies',
  profile: '/profile',
  caseForm: '/case',
  /** the agent's own cases and member support's replies (a reply's notification opens one: `?case=`) */
  myCases: '/my-cases',
  products: '/products',
  /** each carrier's e-application link (Enrollment Upload, Final Expense) */
  carrierEApps: '/enrollments/carrier-eapps',
} as const;

/** Where the embedded OpenID Connect provider is mounted (same origin as the app, docs/architecture.md). */
export const OIDC_PATH = '/oidc';
/**
 * The provider's authorization endpoint below `OIDC_PATH` (what its discovery document names; oidc-flow.test.ts
 * checks it): the sign-in redirect goes there without asking the discovery document first.
 */
export const OIDC_AUTHORIZATION_ROUTE = '/auth';
/** The public OpenID Connect client the web app uses. */
export const WEB_CLIENT_ID = 'arc-web';
export const OIDC_SCOPES = 'openid profile email';

/** Defaults of `TZ_BUSINESS` and `PROVIDER_NAME` (apps/server/src/config.ts). */
export const DEFAULT_BUSINESS_TIME_ZONE = 'America/Los_Angeles';
export const DEFAULT_PROVIDER_NAME = 'Agent Resource Center';

/**
 * What the server tells the web app about this deployment: written into index.html as JSON in the element
 * with this id (apps/server/src/platform/web.ts), read once by apps/web/src/config.ts.
 */
export const PUBLIC_CONFIG_ELEMENT_ID = 'arc-config';

export interface PublicConfig {
  /** the organisation's name (`PROVIDER_NAME`) */
  providerName: string;
  /** the IANA time zone of every business date rule (`TZ_BUSINESS`) */
  businessTimeZone: string;
}

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  providerName: DEFAULT_PROVIDER_NAME,
  businessTimeZone: DEFAULT_BUSINESS_TIME_ZONE,
};

/**
 * A cookie the web app keeps while a session is stored in the tab (no token, no identity: `1`). The server only
 * reads it to list an agent page's code in the page it sends (docs/decisions/web-loading-and-budget.md); without it,
 * agent pages are sent without that list, as a signed-out visitor is sent to /sign-in anyway.
 */
export const SIGNED_IN_HINT_COOKIE = 'arc-signed-in';
