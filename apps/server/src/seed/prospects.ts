import { datePartsIn, isoDate } from '@arc/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { generateProspects } from '../modules/prospects/generator.ts';
import { replaceProspectList } from '../modules/prospects/loader.ts';
import { loadPlacesIndex, selectListInfo } from '../modules/prospects/queries.ts';
import type { Clock } from '../platform/clock.ts';

/** A modest list for a quick first start; `npm run generate:t65 -- --rows 5000000` makes a national one. */
export const DEMO_PROSPECT_ROWS = 20_000;
/** Wisconsin is the picker's default state; Illinois gives a second state to switch to. */
export const DEMO_PROSPECT_STATES = ['WI', 'IL'];

/** Loads the demo T65 list when no list is loaded yet (an imported list is never replaced). */
export async function seedDemoProspects(options: { db: Db; clock: Clock; config: Config }): Promise<boolean> {
  if (await selectListInfo(options.db)) return false;
  const { year, month, day } = datePartsIn(options.clock.now(), options.config.businessTimeZone);
  const places = await loadPlacesIndex(options.db);
  const items = generateProspects(places, {
    rows: DEMO_PROSPECT_ROWS,
    states: DEMO_PROSPECT_STATES,
    asOf: isoDate(year, month, day),
  });
  await replaceProspectList(options.db, items, { source: `demo: ${DEMO_PROSPECT_ROWS} rows` });
  return true;
}
