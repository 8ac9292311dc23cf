import { DESTINATION_KEYS, type Destinations } from '@arc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDocuments, platformCarriers } from '../../db/schema/index.ts';
import { PLATFORM_CARRIERS, seedContentDemo } from '../../seed/content-pages.ts';
import { insertAgent } from '../../seed/factories.ts';
import { createAgentApp, type AgentApp } from '../../test/agent-app.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, mintAccessToken } from '../../test/tokens.ts';

let t: AgentApp;
let token: string;

beforeAll(async () => {
  t = await createAgentApp();
  const { db } = t.database;
  token = t.agent.token;
  await seedContentDemo({ db, storage: t.app.deps.storage, year: 2026 });
  // a carrier inserted out of order, so the test sees the answer sorted by name rather than by insertion
  await db.insert(platformCarriers).values({ platform: 'Sunfire', name: 'Ace Health Partners' });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = bearer(token)) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /arc/carriersByPlatform', () => {
  it('lists the MyHealthPlan carriers sorted by Name', async () => {
    const res = await get('/arc/carriersByPlatform?platform=MyHealthPlan');
    expect(res.statusCode).toBe(200);
    const names = (res.json().carriers as Array<{ Name: string }>).map((carrier) => carrier.Name);
    expect(names).toEqual([...PLATFORM_CARRIERS.MyHealthPlan].sort((a, b) => a.localeCompare(b)));
    expect(res.json().carriers[0]).toEqual({ Name: 'Aetna Medicare' });
  });

  it('lists the Sunfire carriers only, sorted by Name', async () => {
    const res = await get('/arc/carriersByPlatform?platform=Sunfire');
    expect(res.statusCode).toBe(200);
    const names = (res.json().carriers as Array<{ Name: string }>).map((carrier) => carrier.Name);
    expect(names[0]).toBe('Ace Health Partners');
    expect(names).toContain('Kaiser Permanente');
    expect(names).not.toContain('SCAN Health Plan');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('answers 400 for a platform that is not MyHealthPlan or Sunfire, or none', async () => {
    for (const url of [
      '/arc/carriersByPlatform?platform=myhealthplan',
      '/arc/carriersByPlatform?platform=Medicare',
      '/arc/carriersByPlatform',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
      expect(res.json().fieldErrors).toHaveProperty('platform');
    }
  });
});

describe('GET /arc/content/documents/:section', () => {
  it('lists the four policies in order, each a downloadable PDF', async () => {
    const res = await get('/arc/content/documents/policies');
    expect(res.statusCode).toBe(200);
    const documents = res.json().documents as Array<{ title: string; file: string; downloadName: string }>;
    expect(documents.map((document) => document.title)).toEqual([
      'Agent Code of Conduct',
      'Privacy and Information Security Policy',
      'Commission, Advance and Chargeback Policy',
      'Marketing Material Review and Approval Policy',
    ]);
    const { file, downloadName } = documents[0]!;
    expect(downloadName).toBe('Agent Code of Conduct.pdf');
    const issued = await t.app.inject({
      method: 'POST',
      url: '/arc/downloadtoken',
      headers: bearer(token),
      payload: { file },
    });
    const download = await get(`/arc/download/${issued.json().token as string}`, {});
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('filename="Agent Code of Conduct.pdf"');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('lists the resource documents apart from the policies', async () => {
    const res = await get('/arc/content/documents/resources');
    expect(res.statusCode).toBe(200);
    const titles = (res.json().documents as Array<{ title: string }>).map((document) => document.title);
    expect(titles.length).toBeGreaterThanOrEqual(5);
    expect(titles).toContain('Election Periods Quick Reference');
    expect(titles).not.toContain('Agent Code of Conduct');
  });

  it('answers 400 for an unknown section', async () => {
    expect((await get('/arc/content/documents/secrets')).statusCode).toBe(400);
  });

  it('seeds once: a second run adds nothing', async () => {
    const before = await t.database.db.select().from(contentDocuments);
    await seedContentDemo({ db: t.database.db, storage: t.app.deps.storage, year: 2026 });
    expect(await t.database.db.select().from(contentDocuments)).toHaveLength(before.length);
  });
});

describe('GET /arc/content/destinations', () => {
  const isPlaceholder = (value: string) => /\.example\b|\.invalid\b|localhost/i.test(value);

  it('answers every key; without the provider settings its own links are null, never a made-up domain', async () => {
    const res = await get('/arc/content/destinations');
    expect(res.statusCode).toBe(200);
    const { links, carrierEApps } = res.json<Destinations>();
    expect(Object.keys(links).sort()).toEqual([...DESTINATION_KEYS].sort());
    expect(links.sunfireLogin).toBe('https://www.sunfirematrix.com/');
    expect(links.green365Join).toBeNull();
    expect(links.emailSupport).toBeNull();
    for (const value of Object.values(links)) if (value) expect(isPlaceholder(value), value).toBe(false);
    expect(carrierEApps.map((c) => c.carrier)).toContain('Humana');
    for (const { carrier, href } of carrierEApps) {
      expect(href, carrier).toMatch(/^https:\/\//);
      expect(isPlaceholder(href), href).toBe(false);
    }
  });

  it("builds the provider's own links and addresses from PROVIDER_SITE_URL and PROVIDER_EMAIL_DOMAIN", async () => {
    const other = await createTestApp({
      env: { PROVIDER_SITE_URL: 'https://agents.provider.org/', PROVIDER_EMAIL_DOMAIN: 'Provider.org' },
      databaseOf: t,
    });
    try {
      const agent = await insertAgent(other.database.db);
      const res = await other.app.inject({
        method: 'GET',
        url: '/arc/content/destinations',
        headers: bearer(await mintAccessToken(other, { agentId: agent.id })),
      });
      const { links } = res.json<Destinations>();
      expect(links.green365Join).toBe('https://agents.provider.org/green365/join');
      expect(links.emailSupport).toBe('support@provider.org');
      expect(links.myQuoteAppStore).toBeNull();
    } finally {
      await other.close();
    }
  });
});
