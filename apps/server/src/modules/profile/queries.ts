import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents } from '../../db/schema/index.ts';

export type AgentRow = typeof agents.$inferSelect;

export async function findAgent(db: Db, agentId: string): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(agents).where(eq(agents.id, agentId)).limit(1);
  return row;
}
