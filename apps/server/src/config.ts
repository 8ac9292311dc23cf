import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('ARC <no-reply@arc.example>'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    SENTRY_DSN: z.url().optional(),
    DEMO_DATA: bool.optional(),
    TZ_BUSINESS: z
      .string()
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone such as America/Los_Angeles')
      .default('America/Los_Angeles'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PROVIDER_NAME: z.string().min(1).default('Agent Resource Center'),
    WEB_DIST: z.string().min(1).optional(),
    USER_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
    PROSPECT_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  })
  .strict();

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** the embedded provider's issuer (`${publicUrl}/oidc`) or an external one */
  oidcIssuer: string;
  isEmbeddedIssuer: boolean;
  /** the API's resource indicator: the audience of every access token */
  apiAudience: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  s3:
    | {
        bucket: string;
        region: string | undefined;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
      }
    | undefined;
  redisUrl: string | undefined;
  sentryDsn: string | undefined;
  demoData: boolean;
  businessTimeZone: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  providerName: string;
  /** the web app's production build, served as static files when present */
  webDist: string;
  /** how long one replica reuses an agent's user info (0: never) */
  userCacheTtlMs: number;
  /** prospect searches (and a third as many exports) one agent may run per minute */
  prospectSearchesPerMinute: number;
}

/** Keys of the environment that belong to this program (everything else is ignored). */
const KNOWN_KEYS = Object.keys(EnvSchema.shape);
const PREFIXES = ['ARC_'];

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.problems = problems;
  }
}

/**
 * The only reader of `process.env`. Unknown ARC_* keys and invalid values are reported together.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const picked: Record<string, string> = {};
  const problems: string[] = [];
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined || value === '') continue;
    if (KNOWN_KEYS.includes(key)) picked[key] = value;
    else if (PREFIXES.some((p) => key.startsWith(p))) problems.push(`${key}: unknown setting`);
  }
  const parsed = EnvSchema.safeParse(picked);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${issue.path.join('.') || 'env'}: ${issue.message}`);
    }
  }
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const embeddedIssuer = `${publicUrl}/oidc`;
  const oidcIssuer = (e.OIDC_ISSUER ?? embeddedIssuer).replace(/\/+$/, '');
  if (e.S3_BUCKET === undefined && (e.S3_ENDPOINT || e.S3_REGION)) {
    throw new ConfigError(['S3_BUCKET: required when S3_ENDPOINT or S3_REGION is set']);
  }
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    oidcIssuer,
    isEmbeddedIssuer: oidcIssuer === embeddedIssuer,
    apiAudience: `${publicUrl}/arc`,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    redisUrl: e.REDIS_URL,
    sentryDsn: e.SENTRY_DSN,
    demoData: e.DEMO_DATA ?? e.DATABASE_URL === undefined,
    businessTimeZone: e.TZ_BUSINESS,
    logLevel: e.LOG_LEVEL,
    providerName: e.PROVIDER_NAME,
    webDist: path.resolve(cwd, e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    prospectSearchesPerMinute: e.PROSPECT_SEARCHES_PER_MINUTE,
    userCacheTtlMs: e.USER_CACHE_TTL_MS,
  });
}
