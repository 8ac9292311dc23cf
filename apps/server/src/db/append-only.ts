import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Tables whose rows can be added but never changed (docs/decisions/audit-log.md). */
const APPEND_ONLY_TABLES = ['audit_log'] as const;

/** The session setting that lets the retention purge, and only it, delete old rows (see withRetentionPurge). */
const PURGE_SETTING = 'arc.retention_purge';

/**
 * Puts the append-only guard on every table above: a trigger refusing UPDATE, DELETE and TRUNCATE, whoever asks
 * — the application, a staff member at psql, or a bug. DELETE is let through only inside withRetentionPurge.
 *
 * It runs after the migrations on every start rather than living in a migration file, so it survives
 * regenerated migrations; CREATE OR REPLACE makes it idempotent, and an advisory lock keeps two replicas
 * starting together from racing on the catalogue.
 */
export async function ensureAppendOnly(db: Db): Promise<void> {
  // a restart finds the guard in place: one read of the catalogue instead of rewriting it (and a commit)
  if (await isAppendOnlyCurrent(db)) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('arc.append_only'))`);
    await tx.execute(
      sql.raw(
        `create or replace function arc_refuse_change() returns trigger language plpgsql as $$${REFUSE_CHANGE_BODY}$$`,
      ),
    );
    for (const table of APPEND_ONLY_TABLES) {
      await tx.execute(
        sql.raw(`create or replace trigger ${table}_append_only before update or delete on ${table}
          for each row execute function arc_refuse_change()`),
      );
      await tx.execute(
        sql.raw(`create or replace trigger ${table}_no_truncate before truncate on ${table}
          for each statement execute function arc_refuse_change()`),
      );
    }
  });
}

const REFUSE_CHANGE_BODY = `
begin
  if tg_op = 'DELETE' and current_setting('${PURGE_SETTING}', true) = 'on' then
    return old;
  end if;
  raise exception '% is append-only: % refused', tg_table_name, tg_op using errcode = '42501';
end
`;

/** true when the function has this body and every table has both its triggers, enabled */
async function isAppendOnlyCurrent(db: Db): Promise<boolean> {
  const triggers = APPEND_ONLY_TABLES.flatMap((table) => [`${table}_append_only`, `${table}_no_truncate`]);
  const result = await db.execute<{ body: string | null; triggers: number }>(sql`
    select (select prosrc from pg_proc where proname = 'arc_refuse_change' limit 1) as body,
      (select count(*)::int from pg_trigger t join pg_proc p on p.oid = t.tgfoid
        where p.proname = 'arc_refuse_change' and t.tgenabled <> 'D'
          and t.tgname in (${sql.join(
            triggers.map((name) => sql`${name}`),
            sql`, `,
          )})) as triggers`);
  const [row] = result.rows;
  return row?.body === REFUSE_CHANGE_BODY && row.triggers === triggers.length;
}

/**
 * Runs `purge` in a transaction where the append-only trigger lets DELETE through (the setting is local to the
 * transaction). For retention purges only: nothing else deletes from an append-only table.
 */
export async function withRetentionPurge<T>(db: Db, purge: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config(${PURGE_SETTING}, 'on', true)`);
    return purge(tx);
  });
}
