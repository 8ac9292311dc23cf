import fs from 'node:fs';
import path from 'node:path';
import type { RtsBoard } from '@arc/contract';
import { count, eq, ne } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentReadyToSell,
  agents,
  contentDocuments,
  dashboardFiles,
  files,
  platformCarriers,
  termsAcceptances,
  trainingVideos,
} from '../db/schema/index.ts';
import { selectReadyToSellRows } from '../modules/ready-to-sell/queries.ts';
import { PAGE_VIDEOS_CATEGORY } from '../modules/training/service.ts';
import { SERVER_ROOT } from '../paths.ts';
import { verifyPassword } from '../platform/passwords.ts';
import { seededRandom } from '../platform/random.ts';
import { createTestApp, fixedClock, type TestApp } from '../test/app.ts';
import { bearer, mintAccessToken } from '../test/tokens.ts';
import { DEMO_AGENT_ID, DEMO2_AGENT_ID, demoRoster, NEWCOMER_NPN } from './demo-agents.ts';
import { DEMO_PASSWORD, seedDemoData } from './index.ts';
import { PAGE_VIDEOS } from './page-video-catalogue.ts';
import { pageClipAsset } from './page-videos.ts';
import { benefitOverviewPdf } from './pdf.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2026-11-22T12:00:00-08:00') });
  const options = { db: t.database.db, storage: t.app.deps.storage, clock: t.clock, config: t.config };
  expect(await seedDemoData(options)).toBe(true);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const readStored = async (key: string) =>
  Buffer.concat((await (await t.app.deps.storage.get(key)).toArray()) as Buffer[]);

describe('seedDemoData', () => {
  it('changes nothing on a second run', async () => {
    const counts = async () =>
      Promise.all(
        [agents, files, dashboardFiles, termsAcceptances, contentDocuments, platformCarriers].map(
          async (table) => (await db().select({ n: count() }).from(table))[0]!.n,
        ),
      );
    const before = await counts();
    const options = { db: db(), storage: t.app.deps.storage, clock: t.clock, config: t.config };
    expect(await seedDemoData(options)).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('seeds the demo agents the README lists', async () => {
    const [demo] = await db().select().from(agents).where(eq(agents.username, 'demo'));
    expect(demo).toMatchObject({
      npn: '17000001',
      firstName: 'Dana',
      lastName: 'Whitfield',
      email: 'demo@agents.example',
      status: 'Active',
      memberSupportTier: 'Unlimited',
      hasMyHealthPlanContracts: true,
      hasSunfireContracts: true,
      activeAnalytics: true,
    });
    expect(await verifyPassword(DEMO_PASSWORD, demo!.passwordHash!)).toBe(true);

    const [demo2] = await db().select().from(agents).where(eq(agents.username, 'demo2'));
    expect(demo2).toMatchObject({ npn: '17000002', memberSupportTier: 'Standard' });
    expect(await verifyPassword(DEMO_PASSWORD, demo2!.passwordHash!)).toBe(true);

    const [newcomer] = await db().select().from(agents).where(eq(agents.npn, NEWCOMER_NPN));
    expect(newcomer).toMatchObject({ passwordHash: null, username: null, email: 'newcomer@agents.example' });

    const accepted = await db().select({ agentId: termsAcceptances.agentId }).from(termsAcceptances);
    expect(accepted.map((row) => row.agentId).sort()).toEqual([DEMO_AGENT_ID, DEMO2_AGENT_ID]);
    expect((await db().select({ n: count() }).from(agents))[0]!.n).toBe(15);
  });

  it('seeds ten carrier tiles for this year and next, each document a real PDF', async () => {
    const tiles = await db().select().from(dashboardFiles);
    const byYear = Object.groupBy(tiles, (tile) => String(tile.year));
    expect(Object.keys(byYear).sort()).toEqual(['2026', '2027']);
    expect(byYear['2026']).toHaveLength(10);
    expect(new Set(tiles.map((tile) => tile.documentId))).toEqual(new Set([70, 71, 72, 74, 75]));
    const aetna = tiles.find((tile) => tile.key === '2026-aetna');
    expect(aetna).toMatchObject({ logoType: 'aetna', link: 'https://www.aetna.com/', fileId: null });
    const anthem = tiles.find((tile) => tile.key === '2026-anthem');
    expect(anthem).toMatchObject({ logoType: 'anthem', link: null, fileId: expect.any(String) });

    const fileRows = (await db().select().from(files)).filter((row) => row.id.startsWith('fil_dash_'));
    expect(fileRows).toHaveLength(tiles.filter((tile) => !tile.link).length);
    for (const row of fileRows) {
      expect(row).toMatchObject({ contentType: 'application/pdf', ownerAgentId: null });
      const body = await readStored(row.storageKey);
      expect(body.subarray(0, 5).toString()).toBe('%PDF-');
      expect(body.length).toBe(row.size);
    }
    const pdf = await PDFDocument.load(await readStored(fileRows[0]!.storageKey));
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toMatch(/^\S.* 202[67] /);
  });

  it('seeds 8 training categories with 32 videos, 19 guides, final expense files and 500 statements', async () => {
    const auth = bearer(await mintAccessToken(t, { agentId: DEMO_AGENT_ID }));
    const { categories } = (
      await t.app.inject({ method: 'GET', url: '/arc/training/categories', headers: auth })
    ).json();
    // Annuities is "Coming Soon": its 2 videos are seeded but listed to nobody
    expect(categories.map((c: { videos: unknown[] }) => c.videos.length)).toEqual([4, 9, 3, 6, 3, 3, 2, 0]);
    expect(categories.at(-1)).toMatchObject({ isComingSoon: true });
    // the library's 32, beside the information pages' own clips (their category is not listed)
    const library = await db()
      .select({ n: count() })
      .from(trainingVideos)
      .where(ne(trainingVideos.categorySlug, PAGE_VIDEOS_CATEGORY));
    expect(library[0]!.n).toBe(32);
    const { guides } = (
      await t.app.inject({ method: 'GET', url: '/arc/training/compliance-guides', headers: auth })
    ).json();
    expect(guides.map((g: { fileNumber: number }) => g.fileNumber)).toEqual(
      Array.from({ length: 19 }, (_, i) => 2145 + i),
    );
    const feFiles = (await t.app.inject({ method: 'GET', url: '/arc/agent/finalexpense/files', headers: auth })).json();
    expect(feFiles.length).toBeGreaterThanOrEqual(3);
    const page = (await t.app.inject({ method: 'GET', url: '/arc/agent/commissions/all/0', headers: auth })).json();
    expect(page.total).toBe(500);
    const csv = await t.app.inject({ method: 'GET', url: `/arc/agent/commissions/${page.data[0].id}`, headers: auth });
    expect(csv.headers['content-encoding']).toBe('gzip');
    const source = (
      await t.app.inject({ method: 'GET', url: '/arc/training/videos/welcome-to-arc/source', headers: auth })
    ).json();
    const clip = await t.app.inject({ method: 'GET', url: source.url });
    expect(clip.statusCode).toBe(200);
    // a WebM file starts with the EBML magic number
    expect(clip.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
  });

  it('gives each GREEN365, MyHealthPlan and SunFire card a clip of its own, not a library one', async () => {
    const auth = bearer(await mintAccessToken(t, { agentId: DEMO_AGENT_ID }));
    const clipOf = async (videoId: string) => {
      const source = await t.app.inject({
        method: 'GET',
        url: `/arc/training/videos/${videoId}/source`,
        headers: auth,
      });
      expect(source.statusCode, videoId).toBe(200);
      const clip = await t.app.inject({ method: 'GET', url: source.json().url });
      expect(clip.statusCode, videoId).toBe(200);
      return clip.rawPayload;
    };
    const libraryDir = path.join(SERVER_ROOT, 'src/seed/assets/training');
    const library = fs
      .readdirSync(libraryDir)
      .filter((name) => name.endsWith('.webm'))
      .map((name) => fs.readFileSync(path.join(libraryDir, name)));
    expect(library).toHaveLength(5);
    expect(PAGE_VIDEOS.map((video) => video.page)).toEqual([
      ...Array(6).fill('GREEN365'),
      'MyHealthPlan',
      'MyHealthPlan',
      'SunFire',
      'SunFire',
    ]);

    const served: Buffer[] = [];
    for (const video of PAGE_VIDEOS) {
      const clip = await clipOf(video.id);
      // the card's own clip (made from its title by scripts/make-page-clips.mjs), a small WebM
      expect(clip.equals(fs.readFileSync(pageClipAsset(video.id))), video.id).toBe(true);
      expect(clip.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
      expect(clip.length, video.id).toBeLessThan(80_000);
      expect(
        library.some((generic) => generic.equals(clip)),
        video.id,
      ).toBe(false);
      expect(
        served.some((other) => other.equals(clip)),
        video.id,
      ).toBe(false);
      served.push(clip);
    }

    // the library does not list them: still the 8 categories of the spec
    const { categories } = (
      await t.app.inject({ method: 'GET', url: '/arc/training/categories', headers: auth })
    ).json();
    expect(categories).toHaveLength(8);
    const listed = categories.flatMap((c: { videos: Array<{ id: string }> }) => c.videos.map((v) => v.id));
    expect(listed.filter((id: string) => PAGE_VIDEOS.some((video) => video.id === id))).toEqual([]);
  });

  it('seeds the information pages: four policies, resource documents, quick guides and platform carriers', async () => {
    const auth = bearer(await mintAccessToken(t, { agentId: DEMO2_AGENT_ID }));
    const list = async (section: string) =>
      (await t.app.inject({ method: 'GET', url: `/arc/content/documents/${section}`, headers: auth })).json()
        .documents as Array<{ file: string }>;
    expect(await list('policies')).toHaveLength(4);
    expect((await list('resources')).length).toBeGreaterThanOrEqual(5);
    expect(await list('myhealthplan')).toHaveLength(3);
    expect(await list('sunfire')).toHaveLength(3);
    const [policy] = await list('policies');
    const stored = await db().select().from(files).where(eq(files.id, policy!.file));
    expect((await readStored(stored[0]!.storageKey)).subarray(0, 5).toString()).toBe('%PDF-');
    for (const platform of ['MyHealthPlan', 'Sunfire']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/arc/carriersByPlatform?platform=${platform}`,
        headers: auth,
      });
      expect(res.json().carriers.length).toBeGreaterThanOrEqual(10);
    }
  });

  it('lets the demo agent sign the terms gate, see the tiles and download a document', async () => {
    const auth = bearer(await mintAccessToken(t, { agentId: DEMO_AGENT_ID }));
    const info = (await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: auth })).json().agent;
    expect(info.actData.FULLNAME).toBe('Dana Whitfield');
    expect(info.tos.stamp).not.toBeNull();
    expect(info.tos.document).toBe('Terms of Service');
    const terms = await t.app.inject({ method: 'GET', url: `/arc/terms/${info.tos.id}`, headers: auth });
    expect(terms.json().body).toContain('CMS');
    // the effective date carries its year (published on 1 January of the demo's year)
    expect(terms.json().body).toContain('Effective January 1, 2026');

    const { files: tiles } = (
      await t.app.inject({ method: 'GET', url: '/arc/agent/dashboard/files', headers: auth })
    ).json();
    const anthem = tiles.find((tile: { key: string }) => tile.key === '2026-anthem');
    // the shared password is data for signed-in agents, served with the tiles (not in the web app's code)
    expect(anthem.sharedPassword).toBe('FirstLook2026');
    expect(tiles.filter((tile: { sharedPassword: string | null }) => tile.sharedPassword).length).toBe(2);
    const { token } = (
      await t.app.inject({ method: 'POST', url: '/arc/downloadtoken', headers: auth, payload: { file: anthem.file } })
    ).json();
    const res = await t.app.inject({ method: 'GET', url: `/arc/download/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Anthem 2026 Medicare First Look.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('marks demo Ready only where its contracts and certifications say so: every imported ready row is Ready', async () => {
    // every ready row of the file stands for an active contract certified for its plan year and product
    const rows = await db()
      .select({ agentId: agentReadyToSell.agentId, status: agentReadyToSell.status, year: agentReadyToSell.year })
      .from(agentReadyToSell);
    expect(rows.length).toBeGreaterThan(0);
    for (const agentId of [DEMO_AGENT_ID, DEMO2_AGENT_ID]) {
      for (const year of [2026, 2027]) {
        const marks = await selectReadyToSellRows(db(), agentId, { year });
        expect(marks.filter((m) => m.status === 'ready')).toEqual(marks.filter((m) => m.isReady));
      }
    }
    const auth = bearer(await mintAccessToken(t, { agentId: DEMO_AGENT_ID }));
    const board = (await t.app.inject({ method: 'GET', url: '/arc/rts?year=2027', headers: auth })).json<RtsBoard>();
    const readyIn = (carrier: string, productType = 'MA') =>
      board.cells.filter((c) => c.carrier === carrier && c.productType === productType && c.status === 'ready').length;
    // no contract (Quartz, Security Health Plan, Molina), a pending (Wellcare) or terminated (Cigna) one: never Ready
    for (const carrier of [
      'Quartz Health Solutions',
      'Security Health Plan',
      'Molina Healthcare',
      'Wellcare',
      'Cigna Healthcare',
    ])
      expect(readyIn(carrier)).toBe(0);
    // Devoted's 2027 certification is due; Aetna's own flag leaves out MN and IL
    expect(readyIn('Devoted Health')).toBe(0);
    expect(board.cells.filter((c) => c.carrier === 'Devoted Health').map((c) => c.nextAction)).toEqual(
      Array(5).fill('certification_due'),
    );
    expect(readyIn('Aetna')).toBe(3);
    for (const carrier of ['Humana', 'UnitedHealthcare', 'Anthem']) expect(readyIn(carrier)).toBe(5);
    expect(readyIn('Humana', 'PDP')).toBe(5);
    const summary = await t.app.inject({ method: 'GET', url: '/arc/rts/summary', headers: auth });
    expect(summary.json()).toEqual({
      text: 'Ready to Sell 4 carriers for 2027: 3 in 5 states, 1 in 3 states · as of 11/22/2026',
    });
    // 2026: every carrier demo holds an active, certified contract with is Ready in all five states
    const y2026 = (await t.app.inject({ method: 'GET', url: '/arc/rts?year=2026', headers: auth })).json<RtsBoard>();
    const ready2026 = new Set(y2026.cells.filter((c) => c.status === 'ready').map((c) => c.carrier));
    expect([...ready2026].sort()).toEqual(['Aetna', 'Anthem', 'Devoted Health', 'Humana', 'UnitedHealthcare']);
  });

  it('is deterministic: the same seed gives the same agents and the same PDF bytes', async () => {
    const strip = (roster: ReturnType<typeof demoRoster>) => roster.map(({ passwordHash: _hash, ...rest }) => rest);
    expect(strip(demoRoster(seededRandom(7), 'h'))).toEqual(strip(demoRoster(seededRandom(7), 'h')));
    const options = {
      carrier: 'Humana',
      year: 2027,
      title: 'First Look',
      color: [0, 0.4, 0.2] as [number, number, number],
    };
    const [a, b] = await Promise.all([
      benefitOverviewPdf({ ...options, highlights: [['A', 'B']] }),
      benefitOverviewPdf({ ...options, highlights: [['A', 'B']] }),
    ]);
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
  });
});
