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

  it('listens on every interface, but only on 127.0.0.1 in demo mode unless HOST is set', () => {
    expect(loadConfig({})).toMatchObject({ host: '0.0.0.0', isLocalOnlyForDemo: false });
    expect(loadConfig({ DEMO_DATA: 'true' })).toMatchObject({ host: '127.0.0.1', isLocalOnlyForDemo: true });
    expect(loadConfig({ DEMO_DATA: 'true', HOST: '0.0.0.0' })).toMatchObject({
      host: '0.0.0.0',
      isLocalOnlyForDemo: false,
    });
    expect(loadConfig({ DEMO_DATA: 'false', HOST: '10.0.0.5' })).toMatchObject({ host: '10.0.0.5' });
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
      ['MEMBER_SUPORT_EMAIL', 'MEMBER_SUPPORT_EMAIL'],
      ['DATABASE_URLS', 'DATABASE_URL'],
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

  it("takes the provider's caps on supply orders and enrollment uploads, with defaults a provider would set", () => {
    expect(loadConfig({})).toMatchObject({
      supplyOrdersPerHour: 20,
      supplyKitsPerOrder: 2000,
      supplyKitsPerDay: 5000,
      uploadsPerDay: 200,
      uploadBytesPerDay: 2 * 1024 ** 3,
    });
    expect(
      loadConfig({
        SUPPLY_ORDERS_PER_HOUR: '5',
        SUPPLY_KITS_PER_ORDER: '100',
        SUPPLY_KITS_PER_DAY: '300',
        UPLOADS_PER_DAY: '10',
        UPLOAD_BYTES_PER_DAY: '1048576',
      }),
    ).toMatchObject({
      supplyOrdersPerHour: 5,
      supplyKitsPerOrder: 100,
      supplyKitsPerDay: 300,
      uploadsPerDay: 10,
      uploadBytesPerDay: 1048576,
    });
    for (const key of [
      'SUPPLY_ORDERS_PER_HOUR',
      'SUPPLY_KITS_PER_ORDER',
      'SUPPLY_KITS_PER_DAY',
      'UPLOADS_PER_DAY',
      'UPLOAD_BYTES_PER_DAY',
    ]) {
      for (const value of ['0', '-1', '1.5', 'many']) {
        expect(() => loadConfig({ [key]: value }), `${key}=${value}`).toThrow(ConfigError);
      }
    }
  });

  it('takes a buffer pool size for the embedded database, with its unit', () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBeUndefined();
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '128MB' }).pgliteSharedBuffers).toBe('128MB');
    for (const bad of ['32', '0MB', '32 MB', '1TB', '-8MB']) {
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad }), bad).toThrow(
        'PGLITE_SHARED_BUFFERS: must be a size such as 32MB',
      );
    }
  });

  it('CLIENT_DATA_KEY: 32 bytes; the public development key only on the embedded database or in demo mode', () => {
    const pg = { DATABASE_URL: 'postgres://db/arc' };
    expect(loadConfig({}).clientDataKeys.isDevelopmentDefault).toBe(true);
    expect(loadConfig({ ...pg, DEMO_DATA: 'true' }).clientDataKeys.isDevelopmentDefault).toBe(true);
    // a real database outside demo mode never gets a key anyone can read in the source
    expect(loadConfig(pg).clientDataKeys).toEqual({ current: undefined, previous: [], isDevelopmentDefault: false });
    const hex = 'ab'.repeat(32);
    const base64 = Buffer.alloc(32, 7).toString('base64');
    const keys = loadConfig({
      ...pg,
      CLIENT_DATA_KEY: hex,
      CLIENT_DATA_PREVIOUS_KEYS: `${base64}, ${hex}`,
    }).clientDataKeys;
    expect(keys.current).toEqual(Buffer.from(hex, 'hex'));
    expect(keys.previous).toEqual([Buffer.alloc(32, 7), Buffer.from(hex, 'hex')]);
    expect(keys.isDevelopmentDefault).toBe(false);
    for (const bad of ['short', 'ab'.repeat(31), Buffer.alloc(16).toString('base64')]) {
      expect(() => loadConfig({ CLIENT_DATA_KEY: bad }), bad).toThrow('CLIENT_DATA_KEY: must be 32 bytes');
    }
    expect(() => loadConfig({ CLIENT_DATA_PREVIOUS_KEYS: `${hex},nope` })).toThrow('CLIENT_DATA_PREVIOUS_KEYS');
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

  it('reads the S3 settings: path style by default with a custom endpoint, keys in pairs, a bucket for any of them', () => {
    expect(
      loadConfig({
        S3_BUCKET: 'arc',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
      }).s3,
    ).toEqual({
      bucket: 'arc',
      endpoint: 'http://minio:9000',
      region: undefined,
      accessKeyId: 'a',
      secretAccessKey: 'b',
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'arc', S3_REGION: 'eu-west-1' }).s3).toMatchObject({ forcePathStyle: false });
    expect(
      loadConfig({ S3_BUCKET: 'arc', S3_ENDPOINT: 'http://r2', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle,
    ).toBe(false);
    expect(loadConfig({}).s3).toBeUndefined();
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'true' })).toThrow(
      'S3_BUCKET: required when S3_FORCE_PATH_STYLE is set',
    );
    expect(() => loadConfig({ S3_BUCKET: 'arc', S3_ACCESS_KEY_ID: 'a' })).toThrow('set both, or neither');
    expect(() => loadConfig({ S3_BUCKET: 'arc', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(ConfigError);
  });

  it('takes a geocoder URL for address suggestions, off by default', () => {
    expect(loadConfig({}).geocoderUrl).toBeUndefined();
    expect(loadConfig({ GEOCODER_URL: 'https://nominatim.example/' }).geocoderUrl).toBe('https://nominatim.example/');
    expect(() => loadConfig({ GEOCODER_URL: 'ftp://x' })).toThrow(ConfigError);
  });

  it("fills the provider's site and mailboxes in demo mode only, with the reserved provider.test domain", () => {
    expect(loadConfig({})).toMatchObject({ providerSiteUrl: undefined, providerEmailDomain: undefined });
    expect(loadConfig({ DEMO_DATA: 'true' })).toMatchObject({
      providerSiteUrl: 'https://agents.provider.test',
      providerEmailDomain: 'provider.test',
    });
    expect(
      loadConfig({ DEMO_DATA: 'true', PROVIDER_SITE_URL: 'https://agents.imo.com', PROVIDER_EMAIL_DOMAIN: 'IMO.com' }),
    ).toMatchObject({ providerSiteUrl: 'https://agents.imo.com', providerEmailDomain: 'imo.com' });
  });
});
