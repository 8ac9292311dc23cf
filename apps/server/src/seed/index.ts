import { yearIn } from '@arc/contract';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import {
  agents,
  commissionStatements,
  complianceGuides,
  dashboardFiles,
  enrollments,
  files,
  finalExpenseFiles,
  termsAcceptances,
  termsDocuments,
  trainingCategories,
  trainingVideos,
} from '../db/schema/index.ts';
import type { Clock } from '../platform/clock.ts';
import { hashPassword } from '../platform/passwords.ts';
import { seededRandom } from '../platform/random.ts';
import type { Storage } from '../platform/storage.ts';
import { seedCasesDemo } from './cases.ts';
import { seedClientsDemo } from './clients.ts';
import { demoCommissionStatements } from './commission-statements.ts';
import { demoComplianceGuides } from './compliance-guides.ts';
import { seedContentDemo } from './content-pages.ts';
import { seedContractsDemo } from './contracts.ts';
import { demoDashboardTiles } from './dashboard-tiles.ts';
import { DEMO_AGENT_ID, DEMO_NPN, DEMO_PASSWORD, DEMO2_AGENT_ID, DEMO2_NPN, demoRoster } from './demo-agents.ts';
import { demoEnrollments } from './enrollments.ts';
import { makeTerms } from './factories.ts';
import { demoFinalExpenseFiles } from './final-expense-files.ts';
import { seedPageTexts } from './page-texts.ts';
import { seedPageVideos } from './page-videos.ts';
import { seedDemoProspects } from './prospects.ts';
import { DEMO_STAFF, DEMO_STAFF_EMAIL_DOMAIN, seedDemoStaff } from './staff.ts';
import { DEMO_NOT_READY, seedSuppliesDemo, seedZipCountySpans } from './supplies.ts';
import { demoTermsHtml } from './terms-text.ts';
import { demoTrainingVideos } from './training-videos.ts';

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
 * The demo data set (README.md, Demo sign-in), on first start only: a start that finds the demo agent changes nothing.
 * File bytes are written first (storage is not transactional; a rerun after a crash overwrites the same keys),
 * then every row goes in one transaction, so a crash never leaves half a seed. Answers whether it seeded.
 */
export async function seedDemoData(options: SeedOptions): Promise<boolean> {
  const isSeeded = await seedCoreData(options);
  // the prospect list loads on its own (it replaces itself atomically), whenever none is loaded
  await seedDemoProspects({ db: options.db, clock: options.clock, config: options.config });
  const year = yearIn(options.clock.now(), options.config.businessTimeZone);
  // before the Ready-to-Sell rows, which stand for these contracts and certifications
  await seedContractsDemo({ db: options.db, clock: options.clock, year });
  // its own step, so a database seeded before the supplies area gets its catalog too
  await seedSuppliesDemo({
    db: options.db,
    now: options.clock.now(),
    years: [year, year + 1],
    agents: [
      { id: DEMO_AGENT_ID, npn: DEMO_NPN, first: 'Dana', last: 'Whitfield', notReady: DEMO_NOT_READY },
      { id: DEMO2_AGENT_ID, npn: DEMO2_NPN, first: 'Marcus', last: 'Oyelaran', notReady: [] },
    ],
  });
  await seedZipCountySpans(options.db);
  // the information pages' carriers and documents, likewise on their own
  await seedContentDemo({ db: options.db, storage: options.storage, year });
  await seedPageTexts({ db: options.db, now: options.clock.now() });
  // the pages' videos, each with its own clip (after the core seed, whose library they must not join)
  await seedPageVideos({ db: options.db, storage: options.storage });
  // the back office's admin and ops (docs/decisions/back-office.md)
  await seedDemoStaff({
    db: options.db,
    emailDomain: options.config.providerEmailDomain ?? DEMO_STAFF_EMAIL_DOMAIN,
    now: options.clock.now(),
  });
  // member-support cases for the back office's queue and My cases, answered by ops (docs/decisions/cases.md)
  await seedCasesDemo({
    db: options.db,
    now: options.clock.now(),
    staffId: DEMO_STAFF.find((staff) => staff.name === 'ops')!.id,
    memberSupportEmail: options.config.memberSupportEmail,
  });
  // the demo agent's clients with their SOAs and enrollments (issue 46), on their own
  await seedClientsDemo({
    db: options.db,
    now: options.clock.now(),
    agentId: DEMO_AGENT_ID,
    config: options.config,
  });
  return isSeeded;
}

async function seedCoreData({ db, storage, clock, config }: SeedOptions): Promise<boolean> {
  if (await hasDemoAgent(db)) return false;
  const random = seededRandom(17_000_001);
  const now = clock.now();
  const year = yearIn(now, config.businessTimeZone);
  // Early in January the demo acceptances would lie in the future: they happen no later than now.
  const noLaterThanNow = (at: Date) => (at < now ? at : now);
  const roster = demoRoster(random, await hashPassword(DEMO_PASSWORD));
  const { tiles, fileRows } = await demoDashboardTiles(storage, [year, year + 1], random);
  const training = await demoTrainingVideos(storage);
  const guides = await demoComplianceGuides(storage, year);
  const finalExpense = await demoFinalExpenseFiles(storage, year);
  // its own random source, so adding statements never changes the rest of the demo data
  const statementRandom = seededRandom(14_000_001);
  const downline = roster.slice(3, 8).map((agent): [string, string] => [agent.firstName, agent.lastName]);
  const demoOwner = roster.find((agent) => agent.id === DEMO_AGENT_ID)!;
  const demo2Owner = roster.find((agent) => agent.id === DEMO2_AGENT_ID)!;
  const statements = [
    await demoCommissionStatements(storage, statementRandom, {
      agentId: DEMO_AGENT_ID,
      names: [[demoOwner.firstName, demoOwner.lastName], ...downline],
      count: 500,
      newest: now,
    }),
    await demoCommissionStatements(storage, statementRandom, {
      agentId: DEMO2_AGENT_ID,
      names: [[demo2Owner.firstName, demo2Owner.lastName]],
      count: 12,
      newest: now,
    }),
  ];

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasDemoAgent(tx)) return false;
    await tx.insert(agents).values(roster);
    await tx
      .insert(files)
      .values([
        ...fileRows,
        ...guides.fileRows,
        ...finalExpense.fileRows,
        ...statements.flatMap((set) => set.fileRows),
      ]);
    const [terms] = await tx
      .insert(termsDocuments)
      .values(makeTerms({ body: demoTermsHtml(year), publishedAt: noLaterThanNow(new Date(Date.UTC(year, 0, 1))) }))
      .returning();
    await tx.insert(termsAcceptances).values([
      { agentId: DEMO_AGENT_ID, termsId: terms!.id, acceptedAt: noLaterThanNow(new Date(Date.UTC(year, 0, 15, 17))) },
      { agentId: DEMO2_AGENT_ID, termsId: terms!.id, acceptedAt: noLaterThanNow(new Date(Date.UTC(year, 1, 2, 18))) },
    ]);
    await tx.insert(dashboardFiles).values(tiles);
    await tx.insert(trainingCategories).values(training.categories);
    await tx.insert(trainingVideos).values(training.videos);
    await tx.insert(complianceGuides).values(guides.guides);
    await tx.insert(finalExpenseFiles).values(finalExpense.documents);
    await tx.insert(commissionStatements).values(statements.flatMap((set) => set.statements));
    await tx
      .insert(enrollments)
      .values(demoEnrollments({ demo: DEMO_AGENT_ID, demo2: DEMO2_AGENT_ID }, now, seededRandom(17_000_017)));
    return true;
  });
}
