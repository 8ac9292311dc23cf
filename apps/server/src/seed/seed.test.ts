import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, dashboardFiles, files } from '../db/schema/index.ts';
import { verifyPassword } from '../platform/passwords.ts';
import { createTestApp, fixedClock, type TestApp } from '../test/app.ts';
import { DEMO_PASSWORD, seedDemoData } from './index.ts';
import { text } from 'node:stream/consumers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2026-11-22T12:00:00-08:00') });
});
afterAll(async () => {
  await t?.close();
});

describe('seedDemoData', () => {
  it('seeds the demo agents, terms and real PDF tiles once; a second run keeps everything', async () => {
    const options = { db: t.database.db, storage: t.app.deps.storage, clock: t.clock, config: t.config };
    expect(await seedDemoData(options)).toBe(true);
    expect(await seedDemoData(options)).toBe(false);

    const [demo] = await t.database.db.select().from(agents).where(eq(agents.username, 'demo'));
    expect(demo).toMatchObject({ npn: '17000001', memberSupportTier: 'Unlimited', status: 'Active' });
    expect(await verifyPassword(DEMO_PASSWORD, demo!.passwordHash!)).toBe(true);
    const [newcomer] = await t.database.db.select().from(agents).where(eq(agents.npn, '17000003'));
    expect(newcomer).toMatchObject({ passwordHash: null, username: null });

    const years = await t.database.db.selectDistinct({ year: dashboardFiles.year }).from(dashboardFiles);
    expect(years.map((y) => y.year).sort()).toEqual([2026, 2027]);
    const [{ value: fileCount }] = (await t.database.db.select({ value: count() }).from(files)) as [{ value: number }];
    expect(fileCount).toBeGreaterThan(10);

    const [aFile] = await t.database.db.select().from(files).limit(1);
    const head = (await text(await t.app.deps.storage.get(aFile!.storageKey))).slice(0, 5);
    expect(head).toBe('%PDF-');
  });
});
