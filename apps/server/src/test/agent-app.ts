import { insertAgent, type InsertAgentOptions } from '../seed/factories.ts';
import { createTestApp, type CreateTestAppOptions, type TestApp } from './app.ts';
import { mintAccessToken } from './tokens.ts';

/** An agent row (seed/factories.ts) with an access token of its own. */
export type TestAgent = Awaited<ReturnType<typeof insertAgent>> & { token: string };

/** A whole app on a fresh database (test/app.ts) with one agent signed in. */
export interface AgentApp extends TestApp {
  agent: TestAgent;
}

/** Inserts an agent and mints its access token (test/tokens.ts): a module test's signed-in agent. */
export async function addAgent(t: TestApp, options: InsertAgentOptions = {}): Promise<TestAgent> {
  const agent = await insertAgent(t.database.db, options);
  return { ...agent, token: await mintAccessToken(t, { agentId: agent.id }) };
}

/** The start of a module test: `createTestApp(options)` and `addAgent(options.agent)`. */
export async function createAgentApp(
  options: CreateTestAppOptions & { agent?: InsertAgentOptions } = {},
): Promise<AgentApp> {
  const { agent, ...appOptions } = options;
  const t = await createTestApp(appOptions);
  return Object.assign(t, { agent: await addAgent(t, agent) });
}
