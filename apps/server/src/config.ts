import net from 'node:net';
import path from 'node:path';
// from the contract's index, not /constants: loading it first gives zod/mini its English messages (common.ts)
import { DEFAULT_BUSINESS_TIME_ZONE, DEFAULT_PROVIDER_NAME, OIDC_PATH } from '@arc/contract';
import * as z from 'zod/mini';
import { SERVER_ROOT } from './paths.ts';

const bool = z.pipe(
  z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']),
  z.transform((v) => ['true', '1', 'yes', 'on'].includes(v)),
);

/** A 256-bit key: 64 hex digits, or 32 bytes in base64 (`openssl rand -base64 32`). */
const DATA_KEY_PATTERN = /^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/;
const DATA_KEY_MESSAGE = 'must be 32 bytes as 64 hex digits or base64 (openssl rand -base64 32)';
const dataKey = (text: string) => Buffer.from(text.trim(), /^[0-9a-fA-F]{64}$/.test(text.trim()) ? 'hex' : 'base64');
/**
 * The client data key of development, tests and demo mode (issue 46): public, so never used with a real database
 * unless demo mode is on; there an unset CLIENT_DATA_KEY leaves clients without Medicare numbers (see clientDataKeys).
 */
const DEVELOPMENT_CLIENT_DATA_KEY = Buffer.alloc(32, 'arc-development-client-data-key!');

const EnvSchema = z.strictObject({
  PORT: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(65535)), 8080),
  HOST: z.optional(z.string().check(z.minLength(1))),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './data'),
  DATABASE_URL: z.optional(z.string().check(z.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'))),
  PGLITE_SHARED_BUFFERS: z.optional(
    z.string().check(z.regex(/^[1-9][0-9]*(kB|MB|GB)$/, 'must be a size such as 32MB')),
  ),
  PUBLIC_URL: z.optional(z.url({ protocol: /^https?$/ })),
  OIDC_ISSUER: z.optional(z.url({ protocol: /^https?$/ })),
  SMTP_URL: z.optional(z.string().check(z.regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'))),
  MAIL_FROM: z._default(z.string().check(z.minLength(3)), 'ARC <no-reply@arc.example>'),
  S3_BUCKET: z.optional(z.string().check(z.minLength(1))),
  S3_REGION: z.optional(z.string().check(z.minLength(1))),
  S3_ENDPOINT: z.optional(z.url()),
  S3_ACCESS_KEY_ID: z.optional(z.string().check(z.minLength(1))),
  S3_SECRET_ACCESS_KEY: z.optional(z.string().check(z.minLength(1))),
  S3_FORCE_PATH_STYLE: z.optional(bool),
  GEOCODER_URL: z.optional(z.url({ protocol: /^https?$/ })),
  REDIS_URL: z.optional(z.string().check(z.regex(/^rediss?:\/\//, 'must be a redis:// URL'))),
  SENTRY_DSN: z.optional(z.url()),
  DEMO_DATA: z.optional(bool),
  JOB_SCHEDULES: z.optional(bool),
  TRUST_PROXY: z.optional(
    z.pipe(
      z.string(),
      z.transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (typeof parsed === 'string') {
          ctx.issues.push({ code: 'custom', message: parsed, input: value });
          return z.NEVER;
        }
        return parsed;
      }),
    ),
  ),
  TZ_BUSINESS: z._default(
    z.string().check(
      z.refine((tz) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone such as America/Los_Angeles'),
    ),
    DEFAULT_BUSINESS_TIME_ZONE,
  ),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  PROVIDER_NAME: z._default(z.string().check(z.minLength(1)), DEFAULT_PROVIDER_NAME),
  WEB_DIST: z.optional(z.string().check(z.minLength(1))),
  USER_CACHE_TTL_MS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(60_000)), 5000),
  SHUTDOWN_GRACE_MS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(600_000)), 25_000),
  LOAD_METRICS: z.optional(z.string().check(z.minLength(1))),
  PASSWORD_HASH_CONCURRENCY: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(64))),
  STAFF_API_KEY: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  CLIENT_DATA_KEY: z.optional(z.string().check(z.regex(DATA_KEY_PATTERN, DATA_KEY_MESSAGE))),
  CLIENT_DATA_PREVIOUS_KEYS: z.optional(
    z
      .string()
      .check(
        z.refine(
          (v) => v.split(',').every((key) => DATA_KEY_PATTERN.test(key.trim())),
          `a comma-separated list of keys: ${DATA_KEY_MESSAGE}`,
        ),
      ),
  ),
  PROSPECT_SEARCHES_PER_MINUTE: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 30),
  SIGN_INS_PER_MINUTE: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 30),
  AUTHORIZATIONS_PER_MINUTE: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 60),
  SLA_ORDERS_HOURS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(8760)), 48),
  SLA_ENROLLMENTS_HOURS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(8760)), 24),
  SLA_PENDED_HOURS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(8760)), 72),
  SLA_CASES_HOURS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(8760)), 24),
  MEMBER_SUPPORT_EMAIL: z._default(z.email('must be an e-mail address'), 'member-support@arc.example'),
  PROVIDER_SITE_URL: z.optional(z.url({ protocol: /^https$/, error: 'must be an https:// URL' })),
  PROVIDER_EMAIL_DOMAIN: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
          'must be a domain such as example.org',
        ),
      ),
  ),
  AUDIT_RETENTION_DAYS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(36_500)), 3650),
  SUPPLY_ORDERS_PER_HOUR: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 20),
  SUPPLY_KITS_PER_ORDER: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 2000),
  SUPPLY_KITS_PER_DAY: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000_000)), 5000),
  UPLOADS_PER_DAY: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 200),
  UPLOAD_BYTES_PER_DAY: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(2 ** 50)), 2 * 1024 ** 3),
  CONNECTION_IDLE_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.gte(1000), z.lte(3_600_000)), 30_000),
  REQUEST_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.gte(10_000), z.lte(24 * 3_600_000)), 1_800_000),
  BODY_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.gte(1000), z.lte(3_600_000)), 10_000),
  CONNECTIONS_PER_ADDRESS: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000))),
  TELEMETRY_RETENTION_DAYS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(36_500)), 90),
});

export interface Config {
  port: number;
  /** the interface to listen on: HOST, else every interface, or only this machine's in demo mode */
  host: string;
  /** demo mode chose 127.0.0.1 because HOST was not set (the start line says so) */
  isLocalOnlyForDemo: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** the embedded database's buffer pool (`shared_buffers`); undefined: the built-in default */
  pgliteSharedBuffers: string | undefined;
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
        /** bucket in the path (`endpoint/bucket/key`), as most S3-compatible servers want, not in the host name */
        forcePathStyle: boolean;
      }
    | undefined;
  /** a Nominatim-compatible geocoder for address suggestions; unset: offline suggestions from the ZIP data */
  geocoderUrl: string | undefined;
  redisUrl: string | undefined;
  sentryDsn: string | undefined;
  /** demo agents and documents seeded on first start, and /dev/mailbox served: only when asked for */
  demoData: boolean;
  /**
   * The proxies whose X-Forwarded-For the server believes: false (the socket's address is the client's), a hop
   * count, or proxy addresses (IPs, CIDR ranges, or proxy-addr's names loopback, linklocal, uniquelocal).
   */
  trustProxy: TrustProxy;
  businessTimeZone: string;
  /** the work dashboard's service levels: how many hours work may wait in each queue (SLA_*_HOURS) */
  slaOrdersHours: number;
  slaEnrollmentsHours: number;
  slaPendedHours: number;
  slaCasesHours: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  providerName: string;
  /** the web app's production build, served as static files when present */
  webDist: string;
  /** how long one replica reuses an agent's user info (0: never) */
  userCacheTtlMs: number;
  /** on SIGTERM, how long requests in flight may take to finish before their connections are cut */
  shutdownGraceMs: number;
  /** a file the process writes its heap, event-loop delay and pool figures to every second (the load bench) */
  loadMetricsFile: string | undefined;
  /** password hashes run at once (unset: the cores of the process's CPU limit, at least one) */
  passwordHashConcurrency: number | undefined;
  /** the bearer key of the staff API (/arc/staff/*); unset turns that API off */
  staffApiKey: string | undefined;
  /**
   * The keys of the clients' Medicare numbers (issue 46, docs/configuration.md): `current` encrypts (undefined: none
   * configured on a real database outside demo mode, so no MBI can be stored or shown), `previous` still decrypt
   * during a rotation. `isDevelopmentDefault`: the public development key (embedded database or demo mode).
   */
  clientDataKeys: { current: Buffer | undefined; previous: Buffer[]; isDevelopmentDefault: boolean };
  /** prospect searches (and a third as many exports) one agent may run per minute */
  prospectSearchesPerMinute: number;
  /** password sign-ins (and abandoned sign-ins) one client address may send a minute */
  signInsPerMinute: number;
  /** authorization requests (`/oidc/auth`, each a stored interaction kept an hour) one client address may send a minute */
  authorizationsPerMinute: number;
  /** where the case form's member-support cases are e-mailed */
  memberSupportEmail: string;
  /** the provider's own website: its links (GREEN365, CORE, LeadStar, stores…) are paths below it; unset: left out */
  providerSiteUrl: string | undefined;
  /** the provider's mail domain: the contact addresses shown to agents are mailboxes there; unset: left out */
  providerEmailDomain: string | undefined;
  /** audit log rows older than this many days are purged daily (0: kept for ever) */
  auditRetentionDays: number;
  /** supply orders one agent may send an hour */
  supplyOrdersPerHour: number;
  /** most kits (all lines together) in one supply order, and so in one cart */
  supplyKitsPerOrder: number;
  /** most kits one agent may order in any 24 hours */
  supplyKitsPerDay: number;
  /** enrollment uploads one agent may send a business day */
  uploadsPerDay: number;
  /** enrollment upload bytes one agent may send a business day */
  uploadBytesPerDay: number;
  /** a connection on which nothing arrives or leaves for this long is closed (a client that sends headers, then
   * nothing) */
  connectionIdleTimeoutMs: number;
  /** the longest a request may take to arrive in full, body included (a 100 MB upload from a slow phone) */
  requestTimeoutMs: number;
  /** the longest any body but an upload's may take to arrive, from its headers */
  bodyTimeoutMs: number;
  /** connections one socket peer may hold open at once (0: no limit; off by default behind TRUST_PROXY) */
  connectionsPerAddress: number;
  /** telemetry events older than this many days are purged hourly (0: kept for ever) */
  telemetryRetentionDays: number;
  /** this process sends the scheduled jobs when due (platform/jobs.ts); off in the tests, so no purge runs mid-test */
  runJobSchedules: boolean;
}

/** The provider's site and mailboxes in demo mode when not set: a reserved test domain (RFC 6761). */
const DEMO_PROVIDER_SITE_URL = 'https://agents.provider.test';
const DEMO_PROVIDER_EMAIL_DOMAIN = 'provider.test';

export type TrustProxy = false | number | string[];

/**
 * Open connections per socket peer unless CONNECTIONS_PER_ADDRESS says otherwise: a browser holds about six per
 * tab, so this lets an office of twenty behind one NAT address work, and keeps one address from holding thousands.
 */
const DEFAULT_CONNECTIONS_PER_ADDRESS = 128;

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `false`/`0` (the default), a hop count such as `1`, or a comma-separated list of proxy addresses
 * (IPs, CIDR ranges, loopback, linklocal, uniquelocal). `true` is refused: trusting every hop lets any client
 * choose its IP with a made-up X-Forwarded-For and so dodge every per-IP limit. Answers a message when invalid.
 */
export function parseTrustProxy(value: string): TrustProxy | string {
  const text = value.trim().toLowerCase();
  if (['false', 'off', 'no', '0'].includes(text)) return false;
  if (['true', 'on', 'yes'].includes(text)) {
    return 'name the proxies in front: a hop count (such as 1) or their addresses, not true';
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? hops : 'a hop count must be 10 or fewer';
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) return `not an IP address, CIDR range or proxy name: ${bad.join(', ')}`;
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const version = net.isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * CLIENT_DATA_KEY, else the public development key on the embedded database or in demo mode, else none (a real
 * database outside demo mode never gets a key anyone can read in this file).
 */
function clientDataKeys(
  current: string | undefined,
  previous: string | undefined,
  { isDevelopment }: { isDevelopment: boolean },
): Config['clientDataKeys'] {
  const previousKeys = previous ? previous.split(',').map((key) => dataKey(key)) : [];
  if (current) return { current: dataKey(current), previous: previousKeys, isDevelopmentDefault: false };
  if (isDevelopment)
    return { current: DEVELOPMENT_CLIENT_DATA_KEY, previous: previousKeys, isDevelopmentDefault: true };
  return { current: undefined, previous: previousKeys, isDevelopmentDefault: false };
}

/** Keys of the environment that belong to this program (everything else is ignored). */
const KNOWN_KEYS = Object.keys(EnvSchema.shape);
const PREFIXES = ['ARC_'];

const normalise = (key: string) => key.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Optimal string alignment distance: edits, with a swap of two neighbours counting as one. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j += 1) d[0]![j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * A key that is not ours but looks like a misspelling of one (`DATABSE_URL`, `database_url`, `PUBLICURL`): the
 * known key it resembles, or undefined. Short names (PORT, HOST) are left alone: HOME and POST are not typos.
 */
export function nearMissOf(key: string): string | undefined {
  if (KNOWN_KEYS.includes(key)) return undefined;
  const candidate = normalise(key);
  if (candidate.length < 6) return undefined;
  return KNOWN_KEYS.find((known) => {
    const target = normalise(known);
    if (target.length < 6) return false;
    const allowed = target.length >= 9 ? 2 : 1;
    // the distance is at least the difference in length: most of the environment's keys stop here
    return Math.abs(candidate.length - target.length) <= allowed && editDistance(candidate, target) <= allowed;
  });
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.problems = problems;
  }
}

/**
 * The only reader of `process.env`. Unknown ARC_* keys, near-misses of our keys (DATABSE_URL) and invalid values
 * are reported together.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const picked: Record<string, string> = {};
  const problems: string[] = [];
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined || value === '') continue;
    if (KNOWN_KEYS.includes(key)) picked[key] = value;
    else if (PREFIXES.some((p) => key.startsWith(p))) problems.push(`${key}: unknown setting`);
    else {
      const known = nearMissOf(key);
      if (known) problems.push(`${key}: unknown setting (did you mean ${known}?)`);
    }
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
  const embeddedIssuer = `${publicUrl}${OIDC_PATH}`;
  const oidcIssuer = (e.OIDC_ISSUER ?? embeddedIssuer).replace(/\/+$/, '');
  const s3Keys = [
    'S3_ENDPOINT',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_FORCE_PATH_STYLE',
  ] as const;
  if (e.S3_BUCKET === undefined && s3Keys.some((key) => e[key] !== undefined)) {
    throw new ConfigError([
      `S3_BUCKET: required when ${s3Keys.filter((key) => e[key] !== undefined).join(', ')} is set`,
    ]);
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError([
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the default AWS credentials',
    ]);
  }
  // Demo mode's /dev/mailbox hands any account's sign-in links to whoever reaches it: only this machine may,
  // unless HOST says otherwise.
  const demoData = e.DEMO_DATA ?? false;
  const isLocalOnlyForDemo = demoData && e.HOST === undefined;
  return Object.freeze({
    port: e.PORT,
    host: e.HOST ?? (isLocalOnlyForDemo ? '127.0.0.1' : '0.0.0.0'),
    isLocalOnlyForDemo,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
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
          // a custom endpoint is usually MinIO, Ceph, s3rver…: path style unless told otherwise
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
        }
      : undefined,
    geocoderUrl: e.GEOCODER_URL,
    redisUrl: e.REDIS_URL,
    sentryDsn: e.SENTRY_DSN,
    // explicit: `npm start` and the end-to-end run set DEMO_DATA=true; any other start has it off
    demoData,
    trustProxy: e.TRUST_PROXY ?? false,
    businessTimeZone: e.TZ_BUSINESS,
    slaOrdersHours: e.SLA_ORDERS_HOURS,
    slaEnrollmentsHours: e.SLA_ENROLLMENTS_HOURS,
    slaPendedHours: e.SLA_PENDED_HOURS,
    slaCasesHours: e.SLA_CASES_HOURS,
    logLevel: e.LOG_LEVEL,
    providerName: e.PROVIDER_NAME,
    webDist: path.resolve(cwd, e.WEB_DIST ?? path.join(SERVER_ROOT, '../web/dist')),
    prospectSearchesPerMinute: e.PROSPECT_SEARCHES_PER_MINUTE,
    signInsPerMinute: e.SIGN_INS_PER_MINUTE,
    authorizationsPerMinute: e.AUTHORIZATIONS_PER_MINUTE,
    memberSupportEmail: e.MEMBER_SUPPORT_EMAIL,
    // demo mode shows every destination of the screens, on the reserved provider.test domain (README, Links and
    // contact addresses); anywhere else an unset destination is left off the page
    providerSiteUrl: e.PROVIDER_SITE_URL ?? (demoData ? DEMO_PROVIDER_SITE_URL : undefined),
    providerEmailDomain: e.PROVIDER_EMAIL_DOMAIN?.toLowerCase() ?? (demoData ? DEMO_PROVIDER_EMAIL_DOMAIN : undefined),
    userCacheTtlMs: e.USER_CACHE_TTL_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    loadMetricsFile: e.LOAD_METRICS,
    passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
    staffApiKey: e.STAFF_API_KEY,
    clientDataKeys: clientDataKeys(e.CLIENT_DATA_KEY, e.CLIENT_DATA_PREVIOUS_KEYS, {
      isDevelopment: demoData || e.DATABASE_URL === undefined,
    }),
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    supplyOrdersPerHour: e.SUPPLY_ORDERS_PER_HOUR,
    supplyKitsPerOrder: e.SUPPLY_KITS_PER_ORDER,
    supplyKitsPerDay: e.SUPPLY_KITS_PER_DAY,
    uploadsPerDay: e.UPLOADS_PER_DAY,
    uploadBytesPerDay: e.UPLOAD_BYTES_PER_DAY,
    telemetryRetentionDays: e.TELEMETRY_RETENTION_DAYS,
    runJobSchedules: e.JOB_SCHEDULES ?? true,
    connectionIdleTimeoutMs: e.CONNECTION_IDLE_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    bodyTimeoutMs: e.BODY_TIMEOUT_MS,
    // behind a proxy every connection comes from the proxy: the proxy limits per client there
    connectionsPerAddress: e.CONNECTIONS_PER_ADDRESS ?? (e.TRUST_PROXY ? 0 : DEFAULT_CONNECTIONS_PER_ADDRESS),
  });
}
