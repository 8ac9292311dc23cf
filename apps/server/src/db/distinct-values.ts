import { sql, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * The distinct non-null values of a column, in order, by skipping along an index that leads with it (a "loose index
 * scan": one short index probe per value, as a recursive query, since PostgreSQL has no skip scan before 18). A
 * filter's choices (a dozen carriers) then cost a few milliseconds at a million rows, where `select distinct` reads
 * the whole table. The column must lead an index of `table`.
 */
export async function distinctValues(db: Db, table: PgTable, column: AnyColumn): Promise<string[]> {
  const name = sql.identifier(column.name);
  const rows = await db.execute<{ value: string }>(sql`
    with recursive found(value) as (
      (select ${name} from ${table} where ${name} is not null order by 1 limit 1)
      union all
      select (select t.${name} from ${table} t where t.${name} > found.value order by 1 limit 1)
      from found where found.value is not null
    )
    select value from found where value is not null`);
  return rows.rows.map((r) => r.value);
}
