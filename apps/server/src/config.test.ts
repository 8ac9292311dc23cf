import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('starts with defaults: port 8080, embedded database under ./data, demo data off, no proxy trusted', () => {
    const config = loadConfig({}, '/srv/arc');
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/srv/arc/data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      oidcIssuer: 'http://localhost:8080/oidc',
      isEmbeddedIssuer: true,
      apiAudience: 'http://localhost:8080/arc',
      demoData: false,
      trustProxy: false,
      businessTimeZone: 'America/Los_Angeles',
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('has demo mode only when DEMO_DATA asks for it, whatever the database', () => {
    expect(loadConfig({}).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/arc' }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/arc', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('refuses near-misses of its own keys, so DATABSE_URL cannot silently mean the embedded demo database', () => {
    for (const [key, meant] of [
      ['DATABSE_URL', 'DATABASE_URL'],
      ['DATABASE_ULR', 'DATABASE_URL'],
      ['database_url', 'DATABASE_URL'],
      ['PUBLICURL', 'PUBLIC_URL'],
      ['DEMODATA', 'DEMO_DATA'],
      ['TRUST_PROXI', 'TRUST_PROXY'],
      ['SENTRY_DNS', 'SENTRY_DSN'],
    ] as const) {
      expect(() => loadConfig({ [key]: 'x' }), key).toThrow(`${key}: unknown setting (did you mean ${meant}?)`);
    }
  });

  it('leaves the usual environment of a shell, npm, CI and containers alone', () => {
    const env = Object.fromEntries(
      [
        'HOME',
        'HOST',
        'HOSTNAME',
        'PATH',
        'PWD',
        'OLDPWD',
        'USER',
        'LOGNAME',
        'SHELL',
        'TERM',
        'LANG',
        'TZ',
        'NODE_ENV',
        'NODE_OPTIONS',
        'INIT_CWD',
        'EDITOR',
        'COLORTERM',
        'CI',
        'GITHUB_ACTIONS',
        'RUNNER_TEMP',
        'XDG_DATA_DIRS',
        'XDG_RUNTIME_DIR',
        'AWS_REGION',
        'KUBERNETES_SERVICE_PORT',
        'npm_config_loglevel',
        'npm_package_name',
        'VITEST',
        'VITEST_POOL_ID',
        'TEST_DATABASE_URL',
        'PGDATA',
        'REDIS_HOST',
        'E2E_PORT',
      ].map((key) => [key, 'x']),
    );
    expect(() => loadConfig(env)).not.toThrow();
    expect(() => loadConfig(process.env)).not.toThrow();
  });

  it('TRUST_PROXY: off by default, a hop count or an address list; never every hop', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow('TRUST_PROXY: name the proxies in front');
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1, proxy.internal' })).toThrow(
      'TRUST_PROXY: not an IP address, CIDR range or proxy name: proxy.internal',
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('TRUST_PROXY');
  });

  it('derives the issuer and audience from PUBLIC_URL without a trailing slash', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://arc.example.com/' });
    expect(config.oidcIssuer).toBe('https://arc.example.com/oidc');
    expect(config.apiAudience).toBe('https://arc.example.com/arc');
  });

  it('treats another issuer as external', () => {
    expect(loadConfig({ OIDC_ISSUER: 'https://login.example.com' }).isEmbeddedIssuer).toBe(false);
  });

  it('names every invalid key at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', TZ_BUSINESS: 'Mars/Olympus', ARC_COLOUR: 'blue' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const key of ['PORT', 'DATABASE_URL', 'TZ_BUSINESS', 'ARC_COLOUR']) expect(message).toContain(key);
  });

  it('ignores empty values and unrelated environment variables', () => {
    expect(loadConfig({ PORT: '', HOME: '/root', PATH: '/bin' }).port).toBe(8080);
  });
});
