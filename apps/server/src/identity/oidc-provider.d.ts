/**
 * The part of oidc-provider 9's API this server uses. The package ships no types and the community
 * ones lag behind its major versions, so these are written against lib/ of the installed version.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = Record<string, unknown> & {
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: unknown;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface ClaimsResult {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string, claims: unknown, rejected: string[]): Promise<ClaimsResult> | ClaimsResult;
  }

  export interface ClientMetadata {
    client_id: string;
    client_name?: string;
    token_endpoint_auth_method?: string;
    grant_types?: string[];
    response_types?: string[];
    redirect_uris?: string[];
    post_logout_redirect_uris?: string[];
    application_type?: 'web' | 'native';
  }

  export interface Client {
    clientId: string;
    clientName?: string;
    grantTypeAllowed(grantType: string): boolean;
  }

  export interface Session {
    accountId?: string;
    grantIdFor(clientId: string): string | undefined;
  }

  export interface Grant {
    jti: string;
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(ttl?: number): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId?: string; clientId?: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; amr?: string[]; acr?: string; ts?: number };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
    [key: string]: unknown;
  }

  export interface Interaction {
    uid: string;
    jti: string;
    exp: number;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id?: string };
    session?: { accountId?: string; uid?: string };
    grantId?: string;
  }

  export interface ResourceServer {
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: 'opaque' | 'jwt';
    jwt?: { sign?: { alg: string } };
  }

  export interface RotatedToken {
    remainingTTL: number;
  }

  export interface OIDCContext {
    provider: Provider;
    client?: Client;
    session?: Session;
    result?: InteractionResults;
    route?: string;
    entities: { RotatedRefreshToken?: RotatedToken; [name: string]: unknown };
  }

  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    body: unknown;
    type: string;
    status: number;
    host: string;
    path: string;
    method: string;
    set(field: string, value: string): void;
  }

  export interface ErrorOut {
    error: string;
    error_description?: string;
    state?: string;
    [key: string]: unknown;
  }

  type Awaitable<T> = T | Promise<T>;
  type TTLValue<T> = number | ((ctx: KoaContextWithOIDC, token: T, client: Client) => number);

  export interface Configuration {
    adapter?: (name: string) => Adapter;
    clients?: ClientMetadata[];
    findAccount?: (ctx: KoaContextWithOIDC, sub: string, token?: unknown) => Awaitable<Account | undefined>;
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    responseTypes?: string[];
    conformIdTokenClaims?: boolean;
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: Client) => boolean;
    cookies?: {
      keys?: string[];
      names?: Record<string, string>;
      long?: Record<string, unknown>;
      short?: Record<string, unknown>;
    };
    jwks?: { keys: object[] };
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: Client) => boolean };
    features?: {
      devInteractions?: { enabled: boolean };
      revocation?: {
        enabled: boolean;
        allowedPolicy?: (ctx: KoaContextWithOIDC, client: Client, token: { clientId?: string }) => Awaitable<boolean>;
      };
      introspection?: { enabled: boolean };
      userinfo?: { enabled: boolean };
      resourceIndicators?: {
        enabled: boolean;
        defaultResource?: (
          ctx: KoaContextWithOIDC,
          client: Client,
          oneOf?: string[],
        ) => Awaitable<string | string[] | undefined>;
        getResourceServerInfo?: (
          ctx: KoaContextWithOIDC,
          resourceIndicator: string,
          client: Client,
        ) => Awaitable<ResourceServer>;
        useGrantedResource?: (ctx: KoaContextWithOIDC, model: unknown) => Awaitable<boolean>;
      };
      rpInitiatedLogout?: {
        enabled: boolean;
        logoutSource?: (ctx: KoaContextWithOIDC, form: string) => Awaitable<void>;
        postLogoutSuccessSource?: (ctx: KoaContextWithOIDC) => Awaitable<void>;
      };
    };
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => Awaitable<string> };
    issueRefreshToken?: (ctx: KoaContextWithOIDC, client: Client, code: unknown) => Awaitable<boolean>;
    rotateRefreshToken?: boolean | ((ctx: KoaContextWithOIDC) => Awaitable<boolean>);
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Awaitable<Grant | undefined>;
    renderError?: (ctx: KoaContextWithOIDC, out: ErrorOut, error: Error) => Awaitable<void>;
    ttl?: {
      AccessToken?: TTLValue<unknown>;
      AuthorizationCode?: TTLValue<unknown>;
      IdToken?: TTLValue<unknown>;
      RefreshToken?: TTLValue<unknown>;
      Interaction?: number;
      Session?: number;
      Grant?: number;
    };
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    Grant: GrantConstructor;
    Client: { find(id: string): Promise<Client | undefined> };
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: never[]) => void): this;
  }

  export class OIDCProviderError extends Error {
    error: string;
    error_description?: string;
    status: number;
    statusCode: number;
  }

  export const errors: {
    OIDCProviderError: typeof OIDCProviderError;
    SessionNotFound: typeof OIDCProviderError;
    InvalidTarget: new (description?: string) => OIDCProviderError;
    InvalidRequest: new (description?: string) => OIDCProviderError;
  };

  export default Provider;
}
