import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgentApp, type AgentApp } from '../../test/agent-app.ts';
import { bearer } from '../../test/tokens.ts';
import { createNominatimProvider } from './nominatim-provider.ts';
import { createOfflineProvider } from './offline-provider.ts';
import { findAddressSuggestions } from './service.ts';

let t: AgentApp;
let token: string;
beforeAll(async () => {
  t = await createAgentApp();
  token = t.agent.token;
});
afterAll(async () => {
  await t?.close();
});

const suggest = async (q: string | null, auth: string | null = token) =>
  t.app.inject({
    method: 'GET',
    url: '/arc/geo/address-suggestions',
    query: q === null ? {} : { q },
    headers: auth ? bearer(auth) : {},
  });
const suggestions = async (q: string) => {
  const res = await suggest(q);
  expect(res.statusCode).toBe(200);
  return res.json().suggestions as Record<string, unknown>[];
};

const MADISON = { city: 'Madison', state: 'WI', county: 'Dane County', countyId: '55025' };

describe('GET /arc/geo/address-suggestions', () => {
  it('completes a street address with a city and state: number, route, city, state, ZIP and county', async () => {
    const list = await suggestions('123 Main St Madison WI');
    expect(list.length).toBeGreaterThan(1);
    expect(list.length).toBeLessThanOrEqual(5);
    expect(list[0]).toMatchObject({ streetNumber: '123', route: 'Main St', unit: null, ...MADISON });
    expect(list[0]!.postalCode).toMatch(/^537\d\d$/);
    expect(list[0]!.description).toBe(`123 Main St, Madison, WI ${String(list[0]!.postalCode)}`);
    expect(list.every((s) => s.city === 'Madison' && s.streetNumber === '123')).toBe(true);
  });

  it('answers the place of a ZIP code, alone or after a street', async () => {
    expect(await suggestions('53703')).toEqual([
      {
        description: 'Madison, WI 53703',
        streetNumber: null,
        route: null,
        unit: null,
        postalCode: '53703',
        latitude: expect.any(Number),
        longitude: expect.any(Number),
        ...MADISON,
      },
    ]);
    const [withStreet] = await suggestions('1600 Pennsylvania Ave NW, 20500');
    expect(withStreet).toMatchObject({
      description: '1600 Pennsylvania Ave NW, Washington, DC 20500',
      streetNumber: '1600',
      route: 'Pennsylvania Ave NW',
      state: 'DC',
      countyId: '11001',
    });
  });

  it('keeps the unit, reads a state by name, and trusts the ZIP over a typed city', async () => {
    const [apartment] = await suggestions('500 W Washington Ave Apt 4 Madison, Wisconsin');
    expect(apartment).toMatchObject({ streetNumber: '500', route: 'W Washington Ave', unit: 'Apt 4', ...MADISON });
    expect(apartment!.description).toMatch(/^500 W Washington Ave Apt 4, Madison, WI 537\d\d$/);
    const [zipWins] = await suggestions('10 Elm St Springfield IL 53703');
    expect(zipWins).toMatchObject({ postalCode: '53703', ...MADISON });
  });

  it('suggests the cities a partly typed name starts with, whatever the case', async () => {
    const list = await suggestions('123 main st madis wi');
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((s) => s.city === 'Madison' && s.route === 'main St')).toBe(true);
  });

  it('suggests from the street line as it is typed: the city without its state, larger places first', async () => {
    expect(await suggestions('123 Main St')).toEqual([]);
    const list = await suggestions('123 Main St Madis');
    expect(list.length).toBe(5);
    expect(list.every((s) => String(s.city).startsWith('Madison') && s.route === 'Main St')).toBe(true);
    // one city per state first, the largest first
    expect(list[0]).toMatchObject({ streetNumber: '123', ...MADISON });
    expect(new Set(list.map((s) => s.state)).size).toBe(5);
    const [comma] = await suggestions('500 Main St, Suite 2, Madison');
    expect(comma).toMatchObject({ route: 'Main St', unit: 'Suite 2', ...MADISON });
  });

  it('lists the ZIP codes of a city closest first: a post-office-box ZIP never before a street one', async () => {
    const list = await suggestions('123 Main St Madison WI');
    const codes = list.map((s) => s.postalCode);
    // 53701, 53707, 53708, … are Madison's post-office-box ZIPs (the data puts them all on the city's point);
    // the rest come nearest that point first
    for (const poBox of ['53701', '53702', '53707', '53708']) expect(codes).not.toContain(poBox);
    expect(codes).toEqual(['53706', '53715', '53705', '53703', '53788']);
  });

  it('answers a hostile query of repeated separators at once', async () => {
    const started = performance.now();
    const res = await suggest(`${'& '.repeat(71)}County R`);
    expect(res.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(500);
    expect((await suggest(`${'& '.repeat(90)}County R`)).json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('An address is at most 150 characters'),
    });
  });

  it('answers no suggestions for what is not a US address or an unknown ZIP', async () => {
    expect(await suggestions('hello there')).toEqual([]);
    expect(await suggestions('00000')).toEqual([]);
    expect(await suggestions('12 Rue de Rivoli Paris')).toEqual([]);
    expect(await suggestions('5 Main St Anytown PR')).toEqual([]);
  });

  it('answers 400 without a query', async () => {
    for (const q of [null, '', '   ', 'x'.repeat(151)]) {
      const res = await suggest(q);
      expect(res.statusCode, String(q)).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
  });
});

/** A stand-in Nominatim: answers what `next` holds and records the query strings it got. */
async function startFakeNominatim() {
  const requests: URL[] = [];
  let next: { status: number; body: unknown } = { status: 200, body: [] };
  const server = http.createServer((req, res) => {
    requests.push(new URL(req.url!, 'http://fake'));
    res.writeHead(next.status, { 'content-type': 'application/json' }).end(JSON.stringify(next.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    answer: (status: number, body: unknown) => {
      next = { status, body };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('external geocoder (GEOCODER_URL)', () => {
  it('maps Nominatim results to the same suggestions, with the county from the ZIP data', async () => {
    const fake = await startFakeNominatim();
    try {
      fake.answer(200, [
        {
          lat: '43.0747',
          lon: '-89.3841',
          address: {
            house_number: '2',
            road: 'East Main Street',
            city: 'Madison',
            postcode: '53703-3314',
            country_code: 'us',
          },
        },
        { lat: '48.85', lon: '2.35', address: { road: 'Rue de Rivoli', postcode: '75001', country_code: 'fr' } },
        { unexpected: true },
      ]);
      const provider = createNominatimProvider({ url: fake.url, db: t.database.db });
      expect(await provider.suggest('2 E Main St Madison', 5)).toEqual([
        {
          description: '2 East Main Street, Madison, WI 53703',
          streetNumber: '2',
          route: 'East Main Street',
          unit: null,
          postalCode: '53703',
          latitude: 43.0747,
          longitude: -89.3841,
          ...MADISON,
        },
      ]);
      const sent = fake.requests[0]!;
      expect(sent.pathname).toBe('/search');
      expect(Object.fromEntries(sent.searchParams)).toMatchObject({
        q: '2 E Main St Madison',
        format: 'jsonv2',
        addressdetails: '1',
        countrycodes: 'us',
        limit: '5',
      });
    } finally {
      await fake.close();
    }
  });

  it('falls back to the offline suggestions, with a warning, when the geocoder fails', async () => {
    const fake = await startFakeNominatim();
    try {
      fake.answer(503, { error: 'busy' });
      const log = { warn: vi.fn() };
      const deps = {
        external: createNominatimProvider({ url: fake.url, db: t.database.db }),
        offline: createOfflineProvider(t.database.db),
      };
      const list = await findAddressSuggestions(deps, '53703', log as never);
      expect(list).toMatchObject([{ postalCode: '53703', city: 'Madison' }]);
      expect(log.warn).toHaveBeenCalledWith(
        expect.objectContaining({ provider: 'nominatim' }),
        'address geocoder failed; answering offline suggestions',
      );
    } finally {
      await fake.close();
    }
  });
});
