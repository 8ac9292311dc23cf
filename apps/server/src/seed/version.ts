import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { referenceData } from '../db/schema/index.ts';
import { SERVER_ROOT } from '../paths.ts';

const DEMO_SEED = 'demo-seed';

/**
 * The demo seed's version in the production build: the name of its chunk, which esbuild derives from the chunk's
 * content (written by scripts/build-server.mjs). Undefined when running from the sources, where the seed always
 * runs (each of its steps skips what is there).
 */
export function builtDemoSeedVersion(): string | undefined {
  if (import.meta.url.endsWith('.ts')) return undefined;
  try {
    const { version } = JSON.parse(fs.readFileSync(path.join(SERVER_ROOT, 'dist', 'demo-seed.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/** the version of the demo seed that last completed on this database */
export async function seededDemoVersion(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ version: referenceData.version })
    .from(referenceData)
    .where(eq(referenceData.name, DEMO_SEED));
  return row?.version;
}

export async function recordDemoSeedVersion(db: Db, version: string): Promise<void> {
  await db
    .insert(referenceData)
    .values({ name: DEMO_SEED, version })
    .onConflictDoUpdate({ target: referenceData.name, set: { version, loadedAt: new Date() } });
}
