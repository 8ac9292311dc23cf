import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { agents, dashboardFiles, files, termsAcceptances, termsDocuments } from '../db/schema/index.ts';
import { yearIn } from '../platform/business-time.ts';
import type { Clock } from '../platform/clock.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { Storage } from '../platform/storage.ts';
import { CARRIER_BRANDS, logoUrl } from '../modules/dashboard/logos.ts';
import { makeAgent, storeFile, type NewAgent, type NewDashboardFile } from './factories.ts';
import { benefitOverviewPdf } from './pdf.ts';
import { seededRandom } from './random.ts';
import { DEMO_TERMS_HTML } from './terms-text.ts';

export const DEMO_PASSWORD = 'Demo-Agent-2026!';
export const DEMO_NPN = '17000001';

export interface SeedOptions {
  db: Db;
  storage: Storage;
  clock: Clock;
  config: Config;
}

const hexToRgb = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
};

/** [slug, document id, logo type, external link] per tile; the same carriers each year. */
const TILES: Array<[string, number, 'aetna' | 'anthem' | 'standard', string | null]> = [
  ['aetna', 70, 'aetna', 'https://www.aetna.com/health-care-professionals.html'],
  ['anthem', 70, 'anthem', null],
  ['humana', 70, 'standard', null],
  ['unitedhealthcare', 75, 'standard', null],
  ['cigna', 74, 'standard', null],
  ['wellcare', 70, 'standard', null],
  ['devoted', 72, 'standard', null],
  ['blue-shield', 71, 'standard', null],
  ['molina', 71, 'standard', null],
  ['scan', 75, 'standard', null],
];

const TITLES: Record<number, string> = {
  70: 'Medicare First Look',
  71: 'ACA First Look',
  74: 'High Level Overview',
  75: 'Sneak Peek',
};

/**
 * The demo data set (design §4), on first start only: a second start finds the demo agent and keeps
 * everything. Files are written first; all rows go in one transaction, so a crash leaves no half seed.
 */
export async function seedDemoData({ db, storage, clock, config }: SeedOptions): Promise<boolean> {
  const [existing] = await db.select({ id: agents.id }).from(agents).where(eq(agents.npn, DEMO_NPN)).limit(1);
  if (existing) return false;
  const random = seededRandom(17000001);
  const year = yearIn(clock.now(), config.businessTimeZone);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const roster: NewAgent[] = [
    makeAgent({
      id: 'agt_demo',
      npn: DEMO_NPN,
      username: 'demo',
      email: 'demo@agents.example',
      firstName: 'Dana',
      lastName: 'Whitfield',
      mobilePhone: '(916) 555-0142',
      memberSupportTier: 'Unlimited',
      actId: 'ACT-0017000001',
      mediMinute: true,
      hasMyHealthPlanContracts: true,
      hasSunfireContracts: true,
      activeAnalytics: true,
      passwordHash,
    }),
    makeAgent({
      id: 'agt_demo2',
      npn: '17000002',
      username: 'demo2',
      email: 'demo2@agents.example',
      firstName: 'Marcus',
      lastName: 'Oyelaran',
      mobilePhone: '(503) 555-0187',
      memberSupportTier: 'Standard',
      actId: 'ACT-0017000002',
      passwordHash,
    }),
    makeAgent({
      id: 'agt_newcomer',
      npn: '17000003',
      username: null,
      email: 'newcomer@agents.example',
      firstName: 'Priya',
      lastName: 'Raman',
      memberSupportTier: 'Standard',
      actId: 'ACT-0017000003',
      passwordHash: null,
    }),
  ];
  for (let i = 4; i <= 15; i += 1) {
    roster.push(makeAgent({ id: `agt_${17000000 + i}`, npn: String(17000000 + i), username: null, passwordHash: null }));
  }

  // Bytes first (storage is not transactional; a rewrite after a crash overwrites them), then every row at once.
  const tiles: NewDashboardFile[] = [];
  const fileRows: Array<typeof files.$inferInsert> = [];
  for (const tileYear of [year, year + 1]) {
    for (const [index, [slug, documentId, logoType, link]] of TILES.entries()) {
      const brand = CARRIER_BRANDS[slug]!;
      let fileId: string | null = null;
      if (!link) {
        const pdf = await benefitOverviewPdf({
          carrier: brand.name,
          year: tileYear,
          title: TITLES[documentId] ?? 'First Look',
          color: hexToRgb(brand.color),
          highlights: [
            ['Plans in market', `${random.int(4, 18)} plans in ${random.int(2, 9)} states`],
            ['Lowest MAPD premium', `$${random.int(0, 1) === 0 ? '0' : random.int(9, 39)} per month`],
            ['Maximum out-of-pocket', `$${random.int(29, 89)}00 in network`],
            ['Part D deductible', `$${random.int(0, 590)}`],
            ['Dental allowance', `$${random.int(5, 40)}00 per year`],
            ['OTC benefit', `$${random.int(5, 30)}0 per quarter`],
          ],
        });
        const file = await storeFile(storage, {
          id: `fil_dash_${tileYear}_${slug}`,
          name: `${brand.name} ${tileYear} ${TITLES[documentId] ?? 'First Look'}.pdf`,
          contentType: 'application/pdf',
          body: pdf,
        });
        fileRows.push(file);
        fileId = file.id!;
      }
      tiles.push({
        key: `${tileYear}-${slug}`,
        documentId,
        year: tileYear,
        carrier: brand.name,
        img: logoUrl(slug),
        logoType,
        link,
        fileId,
        sortOrder: index,
      });
    }
  }

  await db.transaction(async (tx) => {
    await tx.insert(agents).values(roster);
    await tx.insert(files).values(fileRows);
    const [terms] = await tx
      .insert(termsDocuments)
      .values({ title: 'Terms of Service', body: DEMO_TERMS_HTML, publishedAt: new Date(Date.UTC(year, 0, 1)) })
      .returning();
    await tx.insert(termsAcceptances).values([
      { agentId: 'agt_demo', termsId: terms!.id, acceptedAt: new Date(Date.UTC(year, 0, 15)) },
      { agentId: 'agt_demo2', termsId: terms!.id, acceptedAt: new Date(Date.UTC(year, 1, 2)) },
    ]);
    await tx.insert(dashboardFiles).values(tiles);
  });
  return true;
}
