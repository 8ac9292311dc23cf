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
 * defaults apply. Read without zod: this module is on the sign-in path.
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
        typeof businessTimeZone === 'string' && isTimeZone(businessTimeZone)
          ? businessTimeZone
          : DEFAULT_PUBLIC_CONFIG.businessTimeZone,
    };
  } catch {
    return DEFAULT_PUBLIC_CONFIG;
  }
}

function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const publicConfig = readPublicConfig();

/** The organisation's name (`PROVIDER_NAME` on the server). */
export const PROVIDER_NAME = publicConfig.providerName;
/** The time zone of every business date rule (`TZ_BUSINESS` on the server). */
export const BUSINESS_TIME_ZONE = publicConfig.businessTimeZone;

/** Everything is same-origin (docs/architecture.md, Request flow). */
export const OIDC_AUTHORITY = `${window.location.origin}${OIDC_PATH}`;
export const REDIRECT_URI = `${window.location.origin}${paths.loginCallback}`;
export const POST_LOGOUT_REDIRECT_URI = `${window.location.origin}${paths.signIn}`;
export const OIDC_CLIENT_ID = WEB_CLIENT_ID;
export const OIDC_SCOPE = OIDC_SCOPES;
