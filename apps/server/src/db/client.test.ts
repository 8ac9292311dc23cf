import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { PGLITE_TEMPLATE } from '../test/global-setup.ts';
import { configuredDatabase, openDatabase, PGLITE_SHARED_BUFFERS } from './client.ts';

async function sharedBuffersOf(sharedBuffers?: string): Promise<string> {
  const database = await openDatabase({
    loadDataDir: new Blob([fs.readFileSync(PGLITE_TEMPLATE)]),
    sharedBuffers,
  });
  try {
    const result = await database.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
    return result.rows[0]!.shared_buffers;
  } finally {
    await database.close();
  }
}

describe('the embedded database (docs/decisions/server-runtime.md)', () => {
  it('opens with its own buffer pool, smaller than PostgreSQL’s 128 MB, or the configured one', async () => {
    expect(PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(await sharedBuffersOf()).toBe('32MB');
    expect(await sharedBuffersOf('16MB')).toBe('16MB');
  }, 60_000); // two embedded databases opened from the template: seconds each on a busy machine

  it('is where the configuration says: PGlite under the data directory, or PostgreSQL at DATABASE_URL', () => {
    expect(configuredDatabase(loadConfig({ DATA_DIR: '/srv/arc/data' }, '/'))).toEqual({
      dataDir: '/srv/arc/data/pgdata',
      sharedBuffers: undefined,
    });
    expect(configuredDatabase(loadConfig({ DATA_DIR: '/srv/arc/data', PGLITE_SHARED_BUFFERS: '64MB' }, '/'))).toEqual({
      dataDir: '/srv/arc/data/pgdata',
      sharedBuffers: '64MB',
    });
    expect(configuredDatabase(loadConfig({ DATABASE_URL: 'postgres://db/arc' }))).toEqual({
      databaseUrl: 'postgres://db/arc',
    });
  });
});
