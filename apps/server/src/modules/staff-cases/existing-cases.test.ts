import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/client.ts';

const client = new PGlite();
const folders: string[] = [];
afterAll(async () => {
  await client.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder as it was before migration 0020 (the journal cut there). */
function foldersBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arc-migrations-'));
  folders.push(dir);
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

it('migration 0020 makes the cases filed before it Open, unassigned, version 1, last touched when filed', async () => {
  const db = drizzle({ client });
  await migrate(db, { migrationsFolder: foldersBefore('0020_case_queue') });
  await client.exec(`
    insert into agents (id, npn, first_name, last_name, email) values ('agt_old', '19000001', 'Old', 'Timer', 'old@agents.example');
    insert into cases (id, agent_id, member_name, member_id, date_of_birth, member_phone_number, request_type, carrier,
      description, carrier_service, emailed_to, created_at)
    values ('case_old', 'agt_old', 'Ada Old', '', '1950-01-01', '', 'Claim Issue', '', 'Before the queue', '',
      'support@provider.test', '2025-05-05T10:00:00Z');
  `);
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  const { rows } = await client.query<{ status: string; assignee_id: string | null; version: number; same: boolean }>(
    `select status, assignee_id, version, updated_at = created_at as same from cases where id = 'case_old'`,
  );
  expect(rows).toEqual([{ status: 'Open', assignee_id: null, version: 1, same: true }]);
  // every migration from an empty database, twice over: about 10 s on a quiet machine
}, 120_000);
