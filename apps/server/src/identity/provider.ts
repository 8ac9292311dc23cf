import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Provider } from 'oidc-provider';
import { providerConfiguration, type ProviderConfigOptions } from './provider-config.ts';

export interface CreateProviderOptions extends ProviderConfigOptions {
  log: FastifyBaseLogger;
}

export function createProvider({ log, ...options }: CreateProviderOptions): Provider {
  const provider = new Provider(options.config.oidcIssuer, providerConfiguration(options));
  // Koa reads X-Forwarded-* only with `proxy` on, and then believes any hop. The provider is mounted behind
  // Fastify, which always rewrites those headers (see ./index.ts): the address to what it trusts under
  // TRUST_PROXY, the host and scheme to PUBLIC_URL's, so the provider's URLs never follow a Host header.
  provider.proxy = true;
  // Koa prints unhandled errors to stderr unless someone listens; route them to the app's log instead.
  // ('error' is Koa's own event, which the provider's types list only through Koa's EventEmitter)
  (provider as EventEmitter).on('error', (err: Error) => log.error({ err }, 'oidc-provider error'));
  provider.on('server_error', (_ctx: unknown, err: Error) => log.error({ err }, 'oidc-provider server error'));
  return provider;
}
