import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDashboardFile } from '../../seed/factories.ts';
import { createAgentApp, type AgentApp } from '../../test/agent-app.ts';
import { fixedClock } from '../../test/app.ts';
import { bearer } from '../../test/tokens.ts';
import { logoUrl } from './logos.ts';

// 1 January 2027, 05:00 UTC is still 31 December 2026 in Los Angeles.
const clock = fixedClock('2027-01-01T05:00:00Z');
let t: AgentApp;
let token: string;

beforeAll(async () => {
  t = await createAgentApp({ clock });
  token = t.agent.token;
  for (const year of [2025, 2026, 2027, 2028]) {
    await insertDashboardFile(t.database.db, { key: `y${year}`, year, carrier: `Carrier ${year}`, sortOrder: 5 });
  }
  await insertDashboardFile(t.database.db, {
    key: 'aetna-2026',
    year: 2026,
    documentId: 71,
    carrier: 'Aetna',
    img: logoUrl('aetna'),
    logoType: 'aetna',
    link: 'https://www.aetna.com/',
    sortOrder: 1,
  });
});
afterAll(async () => {
  await t?.close();
});

const listFiles = (auth?: string) =>
  t.app.inject({ method: 'GET', url: '/arc/agent/dashboard/files', headers: auth ? bearer(auth) : {} });

describe('GET /arc/agent/dashboard/files', () => {
  it("lists this year's and next year's tiles by the business time zone, by year then order", async () => {
    const res = await listFiles(token);
    expect(res.statusCode).toBe(200);
    const { files } = res.json();
    expect(files.map((f: { key: string }) => f.key)).toEqual(['aetna-2026', 'y2026', 'y2027']);
    expect(files[0]).toEqual({
      key: 'aetna-2026',
      id: 71,
      year: 2026,
      carrier: 'Aetna',
      img: '/arc/dashboard/logos/aetna.svg',
      logoType: 'aetna',
      link: 'https://www.aetna.com/',
      file: null,
      sharedPassword: null,
    });
  });

  it('moves to the next pair of years when the new year starts in Los Angeles', async () => {
    clock.set('2027-01-01T08:30:00Z');
    try {
      const { files } = (await listFiles(token)).json();
      expect(files.map((f: { year: number }) => f.year)).toEqual([2027, 2028]);
    } finally {
      clock.set('2027-01-01T05:00:00Z');
    }
  });
});

describe('GET /arc/dashboard/logos/:name', () => {
  it('serves a carrier logo as a cacheable SVG without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/arc/dashboard/logos/aetna.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toMatch(/^public/);
    expect(res.body).toMatch(/^<svg [^>]*aria-label="Aetna"/);
  });

  it('answers 404 for an unknown name, including names of object properties', async () => {
    for (const name of ['nope.svg', 'constructor.svg', '__proto__']) {
      const res = await t.app.inject({ method: 'GET', url: `/arc/dashboard/logos/${name}` });
      expect(res.statusCode, name).toBe(404);
    }
  });
});
