import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Tables whose rows can be added but never changed (decision 031). */
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
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('arc.append_only'))`);
    await tx.execute(
      sql.raw(`create or replace function arc_refuse_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' and current_setting('${PURGE_SETTING}', true) = 'on' then
    return old;
  end if;
  raise exception '% is append-only: % refused', tg_table_name, tg_op using errcode = '42501';
end
$$`),
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
