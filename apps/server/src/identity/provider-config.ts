import { staffPaths } from '@arc/contract';
import { OIDC_SCOPES, paths, WEB_CLIENT_ID } from '@arc/contract/constants';
import { errors, type Configuration, type Grant, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { GRANT_ID_CLAIM } from '../platform/auth.ts';
import type { ProviderSecrets } from '../platform/deps.ts';
import { findAccount } from './account.ts';
import { createAdapterFactory, type AdapterOptions } from './adapter.ts';
import { createProviderPages } from './pages.ts';
import {
  findStaffAccount,
  interactionPolicyWithStaff,
  isStaffClient,
  STAFF_ACCESS_TOKEN_TTL,
  staffClient,
  staffRefreshTokenTtl,
} from './staff/provider-staff.ts';
import { staffAudience, staffIdOfSubject } from './staff/staff-auth.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const TTL = {
  AccessToken: 15 * MINUTE,
  AuthorizationCode: MINUTE,
  IdToken: HOUR,
  RefreshToken: 12 * HOUR,
  Interaction: HOUR,
  Session: 12 * HOUR,
  Grant: 12 * HOUR,
} as const;

export interface ProviderConfigOptions extends AdapterOptions {
  config: Config;
  db: Db;
  secrets: ProviderSecrets;
}

/**
 * Settings of the embedded provider: one public first-party client (the web app), code + PKCE (S256)
 * for every client, JWT access tokens for the API's resource, rotated refresh tokens, consent granted
 * without a screen, and our own pages in place of the defaults (which load fonts from outside).
 */
export function providerConfiguration({ config, db, secrets, onGrantEnded }: ProviderConfigOptions): Configuration {
  const { publicUrl, apiAudience } = config;
  const pages = createProviderPages({ publicUrl, productName: config.providerName });
  // the staff client's tokens are for the staff API only, the agents' client's for the agents' API
  // (docs/decisions/back-office.md)
  const staffResource = staffAudience(publicUrl);
  const resourceOf = (clientId: string | undefined) => (isStaffClient(clientId) ? staffResource : apiAudience);

  return {
    adapter: createAdapterFactory(db, onGrantEnded ? { onGrantEnded } : {}),
    clients: [
      {
        client_id: WEB_CLIENT_ID,
        client_name: config.providerName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${publicUrl}${paths.loginCallback}`],
        post_logout_redirect_uris: [`${publicUrl}${paths.signIn}`, `${publicUrl}${paths.home}`],
      },
      staffClient(publicUrl, config.providerName),
    ],
    findAccount: (_ctx, sub) => (staffIdOfSubject(sub) ? findStaffAccount(db, sub) : findAccount(db, sub)),
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      openid: ['sub'],
      profile: ['given_name', 'family_name', 'name', 'preferred_username'],
      email: ['email'],
    },
    scopes: OIDC_SCOPES.split(' '),
    responseTypes: ['code'],
    // The API's JWT access tokens cannot call userinfo, so the ID token carries the profile claims.
    conformIdTokenClaims: false,
    // The API's access tokens name their grant, so that Log Out (which ends the grant) ends them too (grants.ts).
    extraTokenClaims: (_ctx, token) =>
      token.kind === 'AccessToken' && token.grantId ? { [GRANT_ID_CLAIM]: token.grantId } : undefined,
    // The browser sends Origin on the token request even from the same origin: allow exactly ours.
    clientBasedCORS: (_ctx, origin) => origin === new URL(publicUrl).origin,
    // without keys the provider's cookies are silently unsigned
    cookies: { keys: secrets.cookieKeys },
    jwks: secrets.jwks,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, client) => resourceOf(client?.clientId),
        getResourceServerInfo: (_ctx, resourceIndicator, client) => {
          if (resourceIndicator !== resourceOf(client.clientId)) throw new errors.InvalidTarget();
          return {
            scope: OIDC_SCOPES,
            audience: resourceIndicator,
            accessTokenTTL: isStaffClient(client.clientId) ? STAFF_ACCESS_TOKEN_TTL : TTL.AccessToken,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
        useGrantedResource: () => true,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: pages.logoutSource,
        postLogoutSuccessSource: pages.postLogoutSuccessSource,
      },
    },
    renderError: pages.renderError,
    interactions: {
      // a staff sign-in has its own page (and the interaction cookie is scoped to it)
      url: (_ctx, interaction) =>
        isStaffClient(String(interaction.params.client_id))
          ? staffPaths.interaction(interaction.uid)
          : paths.interaction(interaction.uid),
      policy: interactionPolicyWithStaff(),
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    loadExistingGrant: (ctx) => loadFirstPartyGrant(ctx, resourceOf(ctx.oidc.client?.clientId)),
    ttl: {
      // Each resource's own lifetime (getResourceServerInfo's accessTokenTTL: the staff API's is shorter). A number
      // here would override it for every resource, so this is the only place that reads it.
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? TTL.AccessToken,
      AuthorizationCode: TTL.AuthorizationCode,
      IdToken: TTL.IdToken,
      // A rotated refresh token keeps its predecessor's end: rotation never stretches a sign-in past 12 h.
      // A staff member's lapses after 30 idle minutes instead (docs/decisions/back-office.md).
      RefreshToken: (ctx, token, client) =>
        isStaffClient(client.clientId)
          ? staffRefreshTokenTtl(token)
          : (ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? TTL.RefreshToken),
      Interaction: TTL.Interaction,
      Session: TTL.Session,
      Grant: TTL.Grant,
    },
  };
}

/**
 * The web app is our own: its grant (OIDC scopes plus the API's scopes) is given without a consent
 * screen. An existing grant of the session is reused and topped up; otherwise one is created.
 */
async function loadFirstPartyGrant(ctx: KoaContextWithOIDC, apiAudience: string): Promise<Grant | undefined> {
  const { client, session, provider } = ctx.oidc;
  const accountId = session?.accountId;
  if (!client || !session || !accountId) return undefined;
  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  let grant = grantId ? await provider.Grant.find(grantId) : undefined;
  if (grant && (grant.accountId !== accountId || grant.clientId !== client.clientId)) grant = undefined;
  grant ??= new provider.Grant({ accountId, clientId: client.clientId });
  grant.addOIDCScope(OIDC_SCOPES);
  grant.addResourceScope(apiAudience, OIDC_SCOPES);
  await grant.save();
  return grant;
}
