import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('starts with defaults: port 8080, embedded database under ./data, demo data on', () => {
    const config = loadConfig({}, '/srv/arc');
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/srv/arc/data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      oidcIssuer: 'http://localhost:8080/oidc',
      isEmbeddedIssuer: true,
      apiAudience: 'http://localhost:8080/arc',
      demoData: true,
      businessTimeZone: 'America/Los_Angeles',
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('turns demo data off by default with a real PostgreSQL, and keeps it when asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/arc' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/arc', DEMO_DATA: 'true' }).demoData).toBe(true);
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
});
