import { describe, expect, it } from 'vitest';
import { generateProspects } from '../modules/prospects/generator.ts';
import { PROSPECT_LAST_NAMES } from '../modules/prospects/names.ts';
import { buildPlacesIndex } from '../modules/prospects/places-index.ts';
import { seededRandom } from '../platform/random.ts';
import { demoContracts } from './contracts.ts';
import { demoRoster } from './demo-agents.ts';
import { CONTRACT_LAST_NAMES } from './names.ts';

// The demo data picks from the lists in names.ts with seeded random sources: these pins say the lists (their
// content and order) did not change under the screens and e2e searches that look for the demo's people.
describe('demo names', () => {
  it('the contract and prospect surnames start with the same fifty', () => {
    expect(CONTRACT_LAST_NAMES.slice(0, 50)).toEqual(PROSPECT_LAST_NAMES.slice(0, 50));
    expect(CONTRACT_LAST_NAMES[50]).toBe('Gomez');
    expect(PROSPECT_LAST_NAMES[50]).toBe('Schmidt');
  });

  it('keeps the people of the demo hierarchies', () => {
    const { contracts } = demoContracts(2026);
    expect(contracts.slice(0, 6).map((row) => row.contactName)).toEqual([
      'Dana Whitfield',
      'Richardson Insurance Group of Sacramento',
      'Wright Benefit Services of Sacramento',
      'White Insurance Group of Tucson',
      'Young Health Advisors of Spokane',
      'Richard Hall',
    ]);
    // the contracts e2e spec searches the Anthem agency for "Smith"
    const anthem = contracts.filter((row) => row.carrierName === 'Anthem' && row.holderAgentId === null);
    expect(anthem.filter((row) => row.contactName.includes('Smith'))).toHaveLength(49);
  });

  it('keeps the unregistered agents of the demo roster', () => {
    const roster = demoRoster(seededRandom(17_000_001), 'hash').slice(3, 7);
    expect(roster.map((agent) => `${agent.firstName} ${agent.lastName}`)).toEqual([
      'Darnell Ellison',
      'Brandon Hart',
      'Darnell Bennett',
      'Hector Delgado',
    ]);
  });

  it('keeps the people of a generated T65 list', () => {
    const places = buildPlacesIndex(
      [{ fips: '55025', state: 'WI', name: 'Dane' }],
      [{ zip: '53703', city: 'Madison', state: 'WI', countyFips: '55025' }],
    );
    const rows = [...generateProspects(places, { rows: 4, asOf: '2026-11-23' })];
    expect(rows.map(({ row }) => `${row.firstName} ${row.lastName}`)).toEqual([
      'Linda Patel',
      'Deborah Wright',
      'Brenda Ramirez',
      'Elizabeth Ramirez',
    ]);
  });
});
