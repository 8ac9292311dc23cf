import { STATES, type StateCode } from '@arc/contract';

/** The parts of a typed US address, each absent when the text does not name it (yet). */
export interface ParsedAddress {
  number?: string;
  /** the street with its type and directions: "W Washington Ave" */
  route?: string;
  /** apartment, suite, unit… as typed: "Apt 4" */
  unit?: string;
  /** as typed, possibly only its first letters */
  city?: string;
  state?: StateCode;
  zip?: string;
}

/** USPS street suffixes (Publication 28, the common ones) → the abbreviation a suggestion shows. */
const STREET_TYPES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    ALY: 'Aly',
    ALLEY: 'Aly',
    AVE: 'Ave',
    AV: 'Ave',
    AVENUE: 'Ave',
    BLVD: 'Blvd',
    BOULEVARD: 'Blvd',
    BND: 'Bnd',
    BEND: 'Bnd',
    BYP: 'Byp',
    BYPASS: 'Byp',
    CIR: 'Cir',
    CIRCLE: 'Cir',
    CT: 'Ct',
    COURT: 'Ct',
    CV: 'Cv',
    COVE: 'Cv',
    CRES: 'Cres',
    CRESCENT: 'Cres',
    DR: 'Dr',
    DRIVE: 'Dr',
    EXPY: 'Expy',
    EXPRESSWAY: 'Expy',
    FWY: 'Fwy',
    FREEWAY: 'Fwy',
    HWY: 'Hwy',
    HIGHWAY: 'Hwy',
    LN: 'Ln',
    LANE: 'Ln',
    LOOP: 'Loop',
    PATH: 'Path',
    PIKE: 'Pike',
    PKWY: 'Pkwy',
    PARKWAY: 'Pkwy',
    PL: 'Pl',
    PLACE: 'Pl',
    PLZ: 'Plz',
    PLAZA: 'Plz',
    PT: 'Pt',
    POINT: 'Pt',
    RD: 'Rd',
    ROAD: 'Rd',
    RTE: 'Rte',
    ROUTE: 'Rte',
    ROW: 'Row',
    RUN: 'Run',
    SQ: 'Sq',
    SQUARE: 'Sq',
    ST: 'St',
    STREET: 'St',
    TER: 'Ter',
    TERRACE: 'Ter',
    TRL: 'Trl',
    TRAIL: 'Trl',
    TPKE: 'Tpke',
    TURNPIKE: 'Tpke',
    WAY: 'Way',
    WALK: 'Walk',
    XING: 'Xing',
    CROSSING: 'Xing',
  }),
);
const DIRECTIONS: ReadonlySet<string> = new Set(
  ['N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW', 'NORTH', 'SOUTH', 'EAST', 'WEST'].flatMap((d) => [d, `${d}.`]),
);
const UNIT_TYPES: ReadonlySet<string> = new Set([
  'APT',
  'APARTMENT',
  'STE',
  'SUITE',
  'UNIT',
  'RM',
  'ROOM',
  'FL',
  'FLOOR',
  'BLDG',
  'BUILDING',
  'LOT',
  'SPC',
  'SPACE',
  'TRLR',
  'DEPT',
  '#',
]);
const STATE_BY_NAME: ReadonlyMap<string, StateCode> = new Map(
  STATES.flatMap(({ code, label }) => [
    [code, code],
    [label.toUpperCase(), code],
  ]),
);
/** the longest state name in words ("District of Columbia") */
const MAX_STATE_WORDS = 3;

// Each is anchored and applied to one short token: linear in its length.
const ZIP = /^(\d{5})(?:-\d{4})?$/;
const HOUSE_NUMBER = /^\d{1,6}(?:-\d{1,6})?[A-Za-z]?$/;

interface Token {
  text: string;
  /** a comma followed it */
  isEndOfPart: boolean;
}

/** Words and the commas between them, in one pass over the text. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const part of text.split(',')) {
    const words = part.split(/\s+/).filter(Boolean);
    for (const word of words) tokens.push({ text: word, isEndOfPart: false });
    const last = tokens.at(-1);
    if (last) last.isEndOfPart = true;
  }
  return tokens;
}

const words = (tokens: Token[]) => tokens.map((t) => t.text).join(' ') || undefined;

/**
 * Splits what an agent typed into a US address's parts, from both ends: ZIP and state at the end, the house
 * number at the start, the street up to its type (St, Ave…) with a direction after it, a unit, and the city in
 * what is left (or after the last comma). Partial input gives what it can: "123 Main St Madi" has a city that
 * is still being typed. One pass over the words with set look-ups, so its time is linear in the input
 * (docs/decisions/places-and-addresses.md: the regular-expression parser it replaces took minutes on 188 characters).
 */
export function parseUsAddress(text: string): ParsedAddress {
  const tokens = tokenize(text);
  const parsed: ParsedAddress = {};
  const zip = ZIP.exec(tokens.at(-1)?.text ?? '');
  if (zip) {
    parsed.zip = zip[1];
    tokens.pop();
  }
  // a state needs something before it ("Washington" alone is a city or a street)
  for (let n = Math.min(MAX_STATE_WORDS, tokens.length - 1); n >= 1; n -= 1) {
    const state = STATE_BY_NAME.get(words(tokens.slice(-n))!.toUpperCase().replace(/\.$/, ''));
    if (state) {
      parsed.state = state;
      tokens.splice(-n);
      break;
    }
  }
  if (tokens.length > 0 && HOUSE_NUMBER.test(tokens[0]!.text)) parsed.number = tokens.shift()!.text;

  // The street ends at its type (after at least one word of name), at a comma, or at a unit.
  let end = -1;
  let route: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const upper = tokens[i]!.text.toUpperCase().replace(/\.$/, '');
    const type = i > 0 ? STREET_TYPES.get(upper) : undefined;
    if (type) {
      route = [...tokens.slice(0, i).map((t) => t.text), type];
      end = i;
      if (!tokens[i]!.isEndOfPart && DIRECTIONS.has(tokens[i + 1]?.text.toUpperCase() ?? '')) {
        end = i + 1;
        route.push(tokens[end]!.text);
      }
      break;
    }
    if (i > 0 && (UNIT_TYPES.has(upper) || upper.startsWith('#'))) {
      route = tokens.slice(0, i).map((t) => t.text);
      end = i - 1;
      break;
    }
    if (tokens[i]!.isEndOfPart && i < tokens.length - 1) {
      route = tokens.slice(0, i + 1).map((t) => t.text);
      end = i;
      break;
    }
  }
  if (end < 0) {
    // No type and no comma. Without a house number it is a place ("Salt Lake City UT", "Madis"); with one and a
    // state, the last word is the city ("10 Main Madison WI"); else it is all street so far.
    const cityWords = !parsed.number ? tokens.length : parsed.state && tokens.length > 1 ? 1 : 0;
    route = tokens.slice(0, tokens.length - cityWords).map((t) => t.text);
    end = tokens.length - cityWords - 1;
  }
  if (route.length > 0) parsed.route = route.join(' ');
  let rest = tokens.slice(end + 1);

  const unitType = rest[0]?.text.toUpperCase().replace(/\.$/, '');
  if (unitType !== undefined && (UNIT_TYPES.has(unitType) || unitType.startsWith('#'))) {
    // "#4" is a whole unit; "Apt 4" and "# 4" take the next word
    const size = unitType.length > 1 && unitType.startsWith('#') ? 1 : Math.min(2, rest.length);
    parsed.unit = words(rest.slice(0, size));
    rest = rest.slice(size);
  }
  // After a comma, the city is what follows the last one ("500 Main St, Suite 2, Madison").
  const lastPart = rest.findLastIndex((t, i) => t.isEndOfPart && i < rest.length - 1);
  const city = words(rest.slice(lastPart + 1));
  if (city) parsed.city = city;
  return parsed;
}
