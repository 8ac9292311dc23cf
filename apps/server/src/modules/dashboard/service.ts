import { DashboardFileSchema, type DashboardFile } from '@arc/contract';
import { yearIn } from '@arc/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { listDashboardFilesForYears, type DashboardFileRow } from './queries.ts';

export interface DashboardDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
}

type LogoType = DashboardFile['logoType'];
const LOGO_TYPES: ReadonlySet<string> = new Set<LogoType>(DashboardFileSchema.shape.logoType.options);
const isLogoType = (value: string): value is LogoType => LOGO_TYPES.has(value);

function toDashboardFile(row: DashboardFileRow): DashboardFile {
  return {
    key: row.key,
    id: row.documentId,
    year: row.year,
    carrier: row.carrier,
    img: row.img,
    logoType: isLogoType(row.logoType) ? row.logoType : 'standard',
    link: row.link,
    file: row.fileId,
    sharedPassword: row.sharedPassword,
  };
}

/** This year's and next year's tiles; the web app decides which year tabs to show (after 18 June). */
export async function listDashboardFiles(deps: DashboardDeps): Promise<DashboardFile[]> {
  const year = yearIn(deps.clock.now(), deps.timeZone);
  const rows = await listDashboardFilesForYears(deps.db, [year, year + 1]);
  return rows.map(toDashboardFile);
}

// The Content area of the back office names carriers and their logos as the tiles do.
export { CARRIER_BRANDS, logoUrl } from './logos.ts';
