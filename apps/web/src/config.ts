import {
  DEFAULT_PUBLIC_CONFIG,
  OIDC_PATH,
  OIDC_SCOPES,
  paths,
  PUBLIC_CONFIG_ELEMENT_ID,
  WEB_CLIENT_ID,
  type PublicConfig,
} from '@arc/contract/constants';

/**
 * What the server wrote into index.html about this deployment (apps/server/src/platform/web.ts): the
 * provider's name and the business time zone. Missing or malformed (Vite's dev server, a test), the
 * defaults apply. Read without zod: this module is on the sign-in path. The time zone is checked where it is
 * first used (`businessTimeZone()`): the browser's first date formatter loads its time zone data, a long task on
 * a slow phone that pages without dates never need.
 */
export function readPublicConfig(doc: Pick<Document, 'getElementById'> = document): PublicConfig {
  try {
    const value: unknown = JSON.parse(doc.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent ?? 'null');
    if (typeof value !== 'object' || value === null) return DEFAULT_PUBLIC_CONFIG;
    const { providerName, businessTimeZone } = value as Partial<Record<keyof PublicConfig, unknown>>;
    return {
      providerName:
        typeof providerName === 'string' && providerName ? providerName : DEFAULT_PUBLIC_CONFIG.providerName,
      businessTimeZone:
        typeof businessTimeZone === 'string' && businessTimeZone
          ? businessTimeZone
          : DEFAULT_PUBLIC_CONFIG.businessTimeZone,
    };
  } catch {
    return DEFAULT_PUBLIC_CONFIG;
  }
}

/** The time zone when the browser knows it, else the default. */
export function knownTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_PUBLIC_CONFIG.businessTimeZone;
  }
}

const publicConfig = readPublicConfig();

/** The organisation's name (`PROVIDER_NAME` on the server). */
export const PROVIDER_NAME = publicConfig.providerName;
let checkedTimeZone: string | undefined;
/** The time zone of every business date rule (`TZ_BUSINESS` on the server), checked on first use. */
export function businessTimeZone(): string {
  checkedTimeZone ??= knownTimeZone(publicConfig.businessTimeZone);
  return checkedTimeZone;
}

/** Everything is same-origin (docs/architecture.md, Request flow). */
export const OIDC_AUTHORITY = `${window.location.origin}${OIDC_PATH}`;
export const REDIRECT_URI = `${window.location.origin}${paths.loginCallback}`;
export const POST_LOGOUT_REDIRECT_URI = `${window.location.origin}${paths.signIn}`;
export const OIDC_CLIENT_ID = WEB_CLIENT_ID;
export const OIDC_SCOPE = OIDC_SCOPES;

let viewerZone: string | undefined;
/**
 * The viewer's time zone (issue 45; ui/viewer-time.ts writes every instant in it, named): the signed-in agent's
 * (GET /arc/user/info `timeZone`: their My Profile setting, else their state's) or staff member's (GET
 * /arc/staff/me), set when that answer arrives, before their pages show; the business zone until then. Never the
 * browser's zone: the same row reads the same in Chicago and in Tokyo. Kept here, where the shell already is.
 */
export function setViewerTimeZone(timeZone: string): void {
  viewerZone = knownTimeZone(timeZone);
}
export const viewerTimeZone = (): string => viewerZone ?? businessTimeZone();
