import { dashboardFileLabel, type DashboardFile } from '@arc/contract';
import type { files } from '../db/schema/index.ts';
import { CARRIER_BRANDS, logoUrl } from '../modules/dashboard/logos.ts';
import type { Random } from '../platform/random.ts';
import type { Storage } from '../platform/storage.ts';
import { storeFile, type NewDashboardFile } from './factories.ts';
import { benefitOverviewPdf, type BenefitOverviewOptions } from './pdf.ts';

interface TilePlan {
  /** a key of CARRIER_BRANDS */
  slug: string;
  documentId: number;
  logoType: DashboardFile['logoType'];
  /** an external page instead of a document */
  link?: string;
  /** the carrier site's shared password, shown on the tile to signed-in agents */
  sharedPassword?: string;
}

/** The same carriers each year, in this order; document ids pick the tile label (70, 71, 74, 75, other). */
const TILES: TilePlan[] = [
  { slug: 'aetna', documentId: 70, logoType: 'aetna', link: 'https://www.aetna.com/' },
  { slug: 'anthem', documentId: 70, logoType: 'anthem', sharedPassword: 'FirstLook2026' },
  { slug: 'humana', documentId: 70, logoType: 'standard' },
  { slug: 'unitedhealthcare', documentId: 75, logoType: 'standard' },
  { slug: 'cigna', documentId: 74, logoType: 'standard' },
  { slug: 'wellcare', documentId: 70, logoType: 'standard' },
  { slug: 'devoted', documentId: 72, logoType: 'standard' },
  { slug: 'blue-shield', documentId: 71, logoType: 'standard' },
  { slug: 'molina', documentId: 71, logoType: 'standard' },
  { slug: 'scan', documentId: 75, logoType: 'standard' },
];

const isAca = (documentId: number) => documentId === 71;

const hexToRgb = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
};

const money = (n: number) => `$${n.toLocaleString('en-US')}`;

function medicareContent(carrier: string, year: number, random: Random): Partial<BenefitOverviewOptions> {
  const short = carrier.split(' ')[0] ?? carrier;
  const states = random.int(3, 14);
  const premium = random.pick([0, 0, 0, 19, 29, 39]);
  return {
    intro:
      `${carrier} expects to offer Medicare Advantage and Part D plans in ${states} states for ${year}. This overview ` +
      'summarises the plan design as filed, so you can prepare for the Annual Enrollment Period. Final benefits ' +
      'and service areas will be confirmed once CMS approval is received.',
    highlights: [
      ['Plans in market', `${random.int(6, 24)} plans in ${states} states`],
      ['Lowest MAPD premium', premium === 0 ? '$0 per month' : `${money(premium)} per month`],
      ['Maximum out-of-pocket (in network)', money(random.int(29, 89) * 100)],
      ['Part D deductible', money(random.pick([0, 0, 250, 400, 590]))],
      ['Comprehensive dental allowance', `${money(random.int(10, 40) * 100)} per year`],
      ['Over-the-counter benefit', `${money(random.int(5, 30) * 10)} per quarter`],
      ['Primary care copay', random.bool(0.6) ? '$0' : money(random.int(5, 15))],
    ],
    plans: [
      ['Plan', 'Type', 'Premium', 'Max out-of-pocket'],
      [`${short} Value`, 'HMO', '$0', money(random.int(50, 89) * 100)],
      [`${short} Choice`, 'PPO', money(random.int(0, 4) * 10), money(random.int(45, 79) * 100)],
      [`${short} Dual Complete`, 'D-SNP', '$0', money(random.int(9, 19) * 100)],
      [`${short} Rx Saver`, 'PDP', `$${(random.int(1, 6) * 10 - 0.1).toFixed(2)}`, 'n/a'],
    ],
    changes: [
      'Part D out-of-pocket costs stay capped under the Inflation Reduction Act, at the indexed amount for the year.',
      `Dental and vision allowances move to a single flexible benefit card on ${random.int(3, 8)} plans.`,
      'Prior authorisation is removed for a set of routine outpatient procedures in network.',
    ],
  };
}

function acaContent(carrier: string, year: number, random: Random): Partial<BenefitOverviewOptions> {
  const counties = random.int(18, 58);
  const bronzeDeductible = random.int(55, 75) * 100;
  return {
    intro:
      `${carrier} will offer individual and family plans on the state marketplace in ${counties} counties for ` +
      `${year}. The rates below are the filed benchmarks for a 40-year-old before premium tax credits and are ` +
      'subject to regulatory approval.',
    highlights: [
      ['Counties served', String(counties)],
      ['Metal tiers', 'Bronze, Silver, Gold and Platinum'],
      ['Benchmark Silver premium (age 40)', `${money(random.int(420, 610))} per month`],
      ['Lowest Bronze deductible', money(bronzeDeductible)],
      ['Telehealth visits', '$0 on every plan'],
      ['Network', random.bool() ? 'Exclusive provider (EPO)' : 'HMO with referrals'],
    ],
    plans: [
      ['Plan', 'Tier', 'Deductible', 'Out-of-pocket maximum'],
      [`Bronze ${bronzeDeductible}`, 'Bronze', money(bronzeDeductible), money(9200)],
      ['Silver 4000', 'Silver', money(4000), money(8700)],
      ['Gold 1500', 'Gold', money(1500), money(6500)],
      ['Platinum 250', 'Platinum', money(250), money(3000)],
    ],
    changes: [
      'Two new Silver plans with $0 generic drugs before the deductible.',
      `Service area grows by ${random.int(2, 9)} counties.`,
    ],
  };
}

type FileRowInsert = typeof files.$inferInsert;

/**
 * The dashboard tiles for two years, each non-link tile with a real PDF written to storage now. Returns the
 * rows to insert; file ids are fixed, so a rerun after a crash overwrites the same keys.
 */
export async function demoDashboardTiles(
  storage: Storage,
  years: number[],
  random: Random,
): Promise<{ tiles: NewDashboardFile[]; fileRows: FileRowInsert[] }> {
  const tiles: NewDashboardFile[] = [];
  const fileRows: FileRowInsert[] = [];
  for (const year of years) {
    for (const [sortOrder, plan] of TILES.entries()) {
      const brand = CARRIER_BRANDS[plan.slug]!;
      let fileId: string | null = null;
      if (!plan.link) {
        const title = dashboardFileLabel(plan.documentId).replace(/s$/, '');
        const content = isAca(plan.documentId)
          ? acaContent(brand.name, year, random)
          : medicareContent(brand.name, year, random);
        const pdf = await benefitOverviewPdf({
          carrier: brand.name,
          year,
          title,
          color: hexToRgb(brand.color),
          highlights: [],
          ...content,
        });
        const file = await storeFile(storage, {
          id: `fil_dash_${year}_${plan.slug}`,
          name: `${brand.name} ${year} ${title}.pdf`,
          contentType: 'application/pdf',
          body: pdf,
        });
        // a version of the tile's document: downloadable while the tile is published
        // (docs/decisions/content-publishing.md)
        fileRows.push({ ...file, contentKind: 'dashboard', contentDocumentKey: `${year}-${plan.slug}` });
        fileId = file.id ?? null;
      }
      tiles.push({
        key: `${year}-${plan.slug}`,
        documentId: plan.documentId,
        year,
        carrier: brand.name,
        img: logoUrl(plan.slug),
        logoType: plan.logoType,
        link: plan.link ?? null,
        sharedPassword: plan.sharedPassword ?? null,
        fileId,
        sortOrder,
        published: true,
      });
    }
  }
  return { tiles, fileRows };
}
