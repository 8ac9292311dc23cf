import { addMonths, isoDate } from '@arc/contract';
import { seededRandom } from '../../platform/random.ts';
import type { LoadItem } from './loader.ts';
import { PROSPECT_FEMALE_NAMES, PROSPECT_LAST_NAMES, PROSPECT_MALE_NAMES } from './names.ts';
import type { PlaceCounty, PlacesIndex } from './places-index.ts';

const STREETS = [
  'Main',
  'Oak',
  'Maple',
  'Cedar',
  'Pine',
  'Elm',
  'Washington',
  'Lake',
  'Hill',
  'Park',
  'Walnut',
  'Lincoln',
  'Jefferson',
  'Sunset',
  'Highland',
  'Meadow',
  'River',
  'Church',
  'Spring',
  'Forest',
  'Prairie',
  'Mill',
  'Willow',
  'Birch',
  'Madison',
  'Franklin',
  'Jackson',
  'Center',
  'Ridge',
  'Valley',
];
const STREET_TYPES = ['St', 'Ave', 'Rd', 'Dr', 'Ln', 'Ct', 'Blvd', 'Way', 'Pl', 'Cir'];
const UNITS = ['Apt', 'Unit', 'Apt', 'Ste', 'Lot'];
const AREA_CODES = [
  '262',
  '414',
  '608',
  '715',
  '920',
  '213',
  '310',
  '415',
  '619',
  '714',
  '312',
  '614',
  '713',
  '305',
  '212',
  '404',
  '503',
  '602',
  '206',
  '303',
];

export interface GenerateOptions {
  rows: number;
  /** the day the list is "as of": T65 dates cluster around it (the next two years and the year before) */
  asOf: string;
  /** only these states (two-letter codes); all when empty */
  states?: readonly string[];
  seed?: number;
}

/**
 * A deterministic T65 list: the same options give the same rows. Counties are drawn in proportion to their
 * number of ZIP codes (a stand-in for population), each person's ZIP and city from that county, so every row
 * passes the import's checks. Half of the T65 dates fall from a year before `asOf` to two years after it (every
 * month has people turning 65), the rest over the 20 years before (ages up to 85); about a quarter have no phone.
 */
export function* generateProspects(places: PlacesIndex, options: GenerateOptions): Generator<LoadItem> {
  const random = seededRandom(options.seed ?? 65_000_065);
  const wanted = new Set(options.states ?? []);
  const counties: PlaceCounty[] = [...places.counties.values()].filter(
    (c) => c.zips.length > 0 && (wanted.size === 0 || wanted.has(c.state)),
  );
  if (counties.length === 0) throw new Error('No counties with ZIP codes for these states: are the places loaded?');
  const cumulative: number[] = [];
  let total = 0;
  for (const county of counties) {
    total += county.zips.length;
    cumulative.push(total);
  }
  const pickCounty = () => {
    const target = random.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return counties[lo]!;
  };

  const [y, m] = options.asOf.split('-').map(Number) as [number, number];
  const monthStart = isoDate(y, m, 1);
  const near = { from: addMonths(monthStart, -12), months: 36 };
  const far = { from: addMonths(monthStart, -12 * 21), months: 12 * 20 };
  const ncoaDate = monthStart;

  for (let i = 0; i < options.rows; i++) {
    const county = pickCounty();
    const zip = random.pick(county.zips);
    const place = places.zips.get(zip)!;
    const isFemale = random.bool(0.53);
    const first = random.pick(isFemale ? PROSPECT_FEMALE_NAMES : PROSPECT_MALE_NAMES);
    const prefix = random.bool(0.8) ? (isFemale ? random.pick(['Mrs.', 'Ms.']) : 'Mr.') : '';
    const window = random.bool(0.5) ? near : far;
    const month = addMonths(window.from, random.int(0, window.months - 1));
    const [ty, tm] = month.split('-').map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
    const t65 = isoDate(ty, tm, random.int(1, lastDay));
    const hasUnit = random.bool(0.12);
    const hasPhone = random.bool(0.75);
    yield {
      ncoaDate,
      row: {
        t65,
        prefix,
        firstName: first,
        middle: random.bool(0.6) ? String.fromCharCode(65 + random.int(0, 25)) : '',
        lastName: random.pick(PROSPECT_LAST_NAMES),
        address1: `${random.int(100, 9999)} ${random.bool(0.3) ? random.pick(['N', 'S', 'E', 'W']) + ' ' : ''}${random.pick(STREETS)} ${random.pick(STREET_TYPES)}`,
        address2: hasUnit ? `${random.pick(UNITS)} ${random.int(1, 40)}` : '',
        city: place.city,
        state: county.state,
        zip,
        countyFips: county.fips,
        countyName: county.name,
        // 555-0100 to 555-0199 are the numbers set aside for fiction: nobody real gets called
        phone: hasPhone ? `${random.pick(AREA_CODES)}-555-01${String(random.int(0, 99)).padStart(2, '0')}` : '',
      },
    };
  }
}
