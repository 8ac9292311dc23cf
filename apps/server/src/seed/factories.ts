import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { Db } from '../db/client.ts';
import {
  agents,
  commissionStatements,
  dashboardFiles,
  files,
  supplyOrderLog,
  supplyOrders,
  termsAcceptances,
  termsDocuments,
} from '../db/schema/index.ts';
import { logoUrl } from '../modules/dashboard/logos.ts';
import { hashPassword } from '../platform/passwords.ts';
import { seededRandom, type Random } from '../platform/random.ts';
import type { Storage } from '../platform/storage.ts';
import { randomId } from '../platform/tokens.ts';
import { AGENT_FIRST_NAMES, AGENT_LAST_NAMES } from './names.ts';

export type AgentRow = typeof agents.$inferSelect;
export type NewAgent = typeof agents.$inferInsert;

const factoryRandom = seededRandom(20261122);
let sequence = 0;

/**
 * A valid agent with a unique NPN; pass overrides for what the test cares about. The demo seed passes its own
 * random source so its data does not depend on what else ran in the process.
 */
export function makeAgent(overrides: Partial<NewAgent> = {}, random: Random = factoryRandom): NewAgent {
  sequence += 1;
  const firstName = random.pick(AGENT_FIRST_NAMES);
  const lastName = random.pick(AGENT_LAST_NAMES);
  const npn = String(18_000_000 + sequence * 7 + random.int(0, 6));
  return {
    id: `agt_${npn}`,
    npn,
    username: `${firstName}.${lastName}${sequence}`.toLowerCase(),
    email: `${firstName}.${lastName}${sequence}@agents.example`.toLowerCase(),
    firstName,
    lastName,
    mobilePhone: `555-01${String(random.int(10, 99))}`,
    status: 'Active',
    memberSupportTier: 'Standard',
    actId: `ACT-${npn}`,
    ...overrides,
  };
}

export interface InsertAgentOptions extends Partial<NewAgent> {
  /** plain password to hash; null leaves the agent unregistered */
  password?: string | null;
  /** accept the newest terms version (default true for registered agents) */
  acceptTerms?: boolean;
}

export async function insertAgent(
  db: Db,
  options: InsertAgentOptions = {},
): Promise<AgentRow & { password: string | null }> {
  const { password = 'Test-Password-1', acceptTerms, ...overrides } = options;
  const values = makeAgent(overrides);
  if (password !== null) values.passwordHash = await hashPassword(password);
  else {
    values.passwordHash = null;
    values.username = overrides.username ?? null;
  }
  const [row] = await db.insert(agents).values(values).returning();
  if (acceptTerms ?? password !== null) {
    const terms = await ensureTerms(db);
    await db.insert(termsAcceptances).values({ agentId: row!.id, termsId: terms.id }).onConflictDoNothing();
  }
  return { ...row!, password };
}

export type TermsRow = typeof termsDocuments.$inferSelect;
export type NewTerms = typeof termsDocuments.$inferInsert;

export const makeTerms = (overrides: Partial<NewTerms> = {}): NewTerms => ({
  title: 'Terms of Service',
  body: '<h2>Terms of Service</h2><p>Agent use only.</p>',
  ...overrides,
});

/** The newest terms version, created when there is none yet. */
export async function ensureTerms(db: Db): Promise<TermsRow> {
  const existing = await db.query.termsDocuments.findFirst({ orderBy: (t, { desc }) => [desc(t.id)] });
  return existing ?? insertTerms(db);
}

/** Publishes a terms version (now, unless `publishedAt` says otherwise). */
export async function insertTerms(db: Db, overrides: Partial<NewTerms> = {}): Promise<TermsRow> {
  const [row] = await db.insert(termsDocuments).values(makeTerms(overrides)).returning();
  return row!;
}

export type FileRow = typeof files.$inferSelect;

export interface InsertFileOptions {
  name: string;
  contentType: string;
  body: Uint8Array | string;
  ownerAgentId?: string | null;
  /** set when `body` is stored compressed, e.g. 'gzip' */
  contentEncoding?: string | null;
  id?: string;
}

/** Streams the bytes into storage and returns the row that records them (not yet inserted). */
export async function storeFile(storage: Storage, options: InsertFileOptions): Promise<typeof files.$inferInsert> {
  const id = options.id ?? `fil_${randomId()}`;
  const storageKey = `files/${id}`;
  const { size } = await storage.put(storageKey, Readable.from([Buffer.from(options.body)]));
  return {
    id,
    name: options.name,
    contentType: options.contentType,
    size,
    storageKey,
    ownerAgentId: options.ownerAgentId ?? null,
    contentEncoding: options.contentEncoding ?? null,
  };
}

export async function insertFile(db: Db, storage: Storage, options: InsertFileOptions): Promise<FileRow> {
  const [row] = await db
    .insert(files)
    .values(await storeFile(storage, options))
    .returning();
  return row!;
}

export type NewDashboardFile = typeof dashboardFiles.$inferInsert;

export function makeDashboardFile(overrides: Partial<NewDashboardFile> = {}): NewDashboardFile {
  sequence += 1;
  return {
    key: `dash_${sequence}_${factoryRandom.int(1000, 9999)}`,
    documentId: 70,
    year: 2026,
    carrier: 'Humana',
    img: logoUrl('humana'),
    logoType: 'standard',
    link: null,
    sharedPassword: null,
    fileId: null,
    sortOrder: sequence,
    published: true,
    ...overrides,
  };
}

export async function insertDashboardFile(db: Db, overrides: Partial<NewDashboardFile> = {}) {
  const [row] = await db.insert(dashboardFiles).values(makeDashboardFile(overrides)).returning();
  return row!;
}

export interface InsertCommissionStatementOptions {
  agentId: string;
  firstName?: string;
  lastName?: string;
  /** YYYY-MM-DD */
  statementDate: string;
  /** the CSV text; stored gzip-compressed like the real ones */
  csv?: string;
  id?: string;
}

/** A statement with its gzip CSV in storage. */
export async function insertCommissionStatement(db: Db, storage: Storage, options: InsertCommissionStatementOptions) {
  sequence += 1;
  const id = options.id ?? `cms_test_${sequence}`;
  const firstName = options.firstName ?? 'Dana';
  const lastName = options.lastName ?? 'Whitfield';
  const file = await insertFile(db, storage, {
    name: `${firstName}_${lastName}_${options.statementDate}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: gzipSync(options.csv ?? 'Carrier,Commission\r\nHumana,12.50\r\n'),
    contentEncoding: 'gzip',
    ownerAgentId: options.agentId,
  });
  const [row] = await db
    .insert(commissionStatements)
    .values({
      id,
      agentId: options.agentId,
      firstName,
      lastName,
      statementDate: options.statementDate,
      fileId: file.id,
    })
    .returning();
  return { ...row!, file };
}

export type NewSupplyOrder = typeof supplyOrders.$inferInsert;

/** A supply order of one agent (Not Completed, a kit of one carrier), with its "Order placed" log entry. */
export async function insertSupplyOrder(
  db: Db,
  overrides: Partial<NewSupplyOrder> & { agentId: string },
): Promise<typeof supplyOrders.$inferSelect> {
  const [order] = await db
    .insert(supplyOrders)
    .values({
      status: null,
      orderDate: new Date(),
      orgName: 'Humana',
      planState: 'WI',
      year: 2027,
      type: 'Medicare Supplement',
      planName: 'Humana Medicare Supplement Kit',
      qty: 2,
      streetNum: '1200',
      street: 'John Q Hammons Dr',
      city: 'Madison',
      state: 'WI',
      zip: '53717',
      ...overrides,
    })
    .returning();
  await db.insert(supplyOrderLog).values({
    orderId: order!.id,
    firstName: 'Agent',
    lastName: 'Placed',
    action: 'Order placed',
    at: order!.orderDate,
  });
  return order!;
}
