import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telemetryEvents } from '../../db/schema/index.ts';
import { insertAgent } from '../../seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, mintAccessToken } from '../../test/tokens.ts';

let t: TestApp;
let agentId: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  agentId = (await insertAgent(t.database.db)).id;
  token = await mintAccessToken(t, { agentId });
});
afterAll(async () => {
  await t?.close();
});

const latest = async () => (await t.database.db.select().from(telemetryEvents).orderBy(desc(telemetryEvents.createdAt)).limit(1))[0];

describe('POST /arc/telemetry', () => {
  it('stores an event from a signed-out page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/arc/telemetry',
      payload: { event: 'register_failed', data: { status: 429 } },
    });
    expect(res.statusCode).toBe(202);
    expect(await latest()).toMatchObject({ event: 'register_failed', agentId: null, data: { status: 429 } });
  });

  it('attaches the agent when a valid token comes with it, and ignores an invalid one', async () => {
    await t.app.inject({ method: 'POST', url: '/arc/telemetry', headers: bearer(token), payload: { event: 'download' } });
    expect(await latest()).toMatchObject({ event: 'download', agentId });
    await t.app.inject({ method: 'POST', url: '/arc/telemetry', headers: bearer('garbage'), payload: { event: 'x' } });
    expect(await latest()).toMatchObject({ event: 'x', agentId: null });
  });

  it('answers 400 for a malformed event and 413 for an oversize body', async () => {
    const malformed = await t.app.inject({ method: 'POST', url: '/arc/telemetry', payload: { event: '' } });
    expect(malformed.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/arc/telemetry',
      payload: { event: 'big', data: { blob: 'x'.repeat(20_000) } },
    });
    expect(huge.statusCode).toBe(413);
  });
});
