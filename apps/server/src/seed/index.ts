import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { agents, dashboardFiles, files, termsAcceptances, termsDocuments } from '../db/schema/index.ts';
import { yearIn } from '@arc/contract';
import type { Clock } from '../platform/clock.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { Storage } from '../platform/storage.ts';
import { demoDashboardTiles } from './dashboard-tiles.ts';
import { DEMO_AGENT_ID, DEMO_NPN, DEMO_PASSWORD, DEMO2_AGENT_ID, demoRoster } from './demo-agents.ts';
import { makeTerms } from './factories.ts';
import { seedDemoProspects } from './prospects.ts';
import { seededRandom } from './random.ts';
import { DEMO_TERMS_HTML } from './terms-text.ts';

export { DEMO_NPN, DEMO_PASSWORD };

export interface SeedOptions {
  db: Db;
  storage: Storage;
  clock: Clock;
  config: Config;
}

/** Any constant: replicas starting together take turns seeding. */
const SEED_LOCK = 17_000_001;

const hasDemoAgent = async (db: Pick<Db, 'select'>) =>
  (await db.select({ id: agents.id }).from(agents).where(eq(agents.npn, DEMO_NPN)).limit(1)).length > 0;

/**
 * The demo data set (design §4), on first start only: a start that finds the demo agent changes nothing.
 * File bytes are written first (storage is not transactional; a rerun after a crash overwrites the same keys),
 * then every row goes in one transaction, so a crash never leaves half a seed. Answers whether it seeded.
 */
export async function seedDemoData({ db, storage, clock, config }: SeedOptions): Promise<boolean> {
  // the prospect list loads on its own (it replaces itself atomically), whenever none is loaded
  await seedDemoProspects({ db, clock, config });
  if (await hasDemoAgent(db)) return false;
  const random = seededRandom(17_000_001);
  const now = clock.now();
  const year = yearIn(now, config.businessTimeZone);
  // Early in January the demo acceptances would lie in the future: they happen no later than now.
  const noLaterThanNow = (at: Date) => (at < now ? at : now);
  const roster = demoRoster(random, await hashPassword(DEMO_PASSWORD));
  const { tiles, fileRows } = await demoDashboardTiles(storage, [year, year + 1], random);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasDemoAgent(tx)) return false;
    await tx.insert(agents).values(roster);
    await tx.insert(files).values(fileRows);
    const [terms] = await tx
      .insert(termsDocuments)
      .values(makeTerms({ body: DEMO_TERMS_HTML, publishedAt: noLaterThanNow(new Date(Date.UTC(year, 0, 1))) }))
      .returning();
    await tx.insert(termsAcceptances).values([
      { agentId: DEMO_AGENT_ID, termsId: terms!.id, acceptedAt: noLaterThanNow(new Date(Date.UTC(year, 0, 15, 17))) },
      { agentId: DEMO2_AGENT_ID, termsId: terms!.id, acceptedAt: noLaterThanNow(new Date(Date.UTC(year, 1, 2, 18))) },
    ]);
    await tx.insert(dashboardFiles).values(tiles);
    return true;
  });
}
