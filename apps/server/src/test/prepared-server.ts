import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { loadOrCreateProviderSecrets } from '../identity/keys.ts';
import { insertAgent } from '../seed/factories.ts';
import type { TestApp } from './app.ts';
import { PG_TEMPLATE_DB, PGLITE_TEMPLATE } from './global-setup.ts';
import { freePort } from './server-process.ts';
import { mintAccessToken } from './tokens.ts';

/**
 * For a test of the real server process (`startServerProcess`): a free port, a data folder, a database cloned
 * from the migrated template (PGlite in the data folder, or a PostgreSQL database when DATABASE_URL is set) with
 * one agent, and that agent's access token. `env` starts the server on them; `cleanup` removes them.
 */
export interface PreparedServer {
  port: number;
  env: Record<string, string>;
  token: string;
  dataDir: string;
  /** opens the server's database once the server is gone */
  reopen(): Promise<Database>;
  cleanup(): Promise<void>;
}

export async function prepareServer(): Promise<PreparedServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arc-server-'));
  const port = await freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
  };
  const adminUrl = process.env.DATABASE_URL;
  let database: Database;
  let reopen: () => Promise<Database>;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `arc_server_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    reopen = () => openDatabase({ databaseUrl: url.toString() });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
    database = await reopen();
  } else {
    const pgdata = path.join(dataDir, 'pgdata');
    database = await openDatabase({
      dataDir: pgdata,
      loadDataDir: new Blob([fs.readFileSync(PGLITE_TEMPLATE)]),
    });
    reopen = () => openDatabase({ dataDir: pgdata });
  }
  const agent = await insertAgent(database.db);
  const secrets = await loadOrCreateProviderSecrets(database.db);
  const config = loadConfig(env);
  // PGlite has one process: the server opens it only once this one is closed
  await database.close();
  const token = await mintAccessToken({ app: { deps: { secrets } }, config } as unknown as TestApp, {
    agentId: agent.id,
  });
  return {
    port,
    env,
    token,
    dataDir,
    reopen,
    cleanup: async () => {
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
