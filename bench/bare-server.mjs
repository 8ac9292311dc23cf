// The baseline: a bare Fastify route answering a small JSON object, measured in the same run. It logs what the
// server logs for each request, at the production level (info): the one access-log line of
// apps/server/src/platform/access-log.ts (docs/decisions/request-pipeline.md). Listens on PORT (0: any free port) and
// tells the parent its port over IPC.
import Fastify from 'fastify';
import { AccessLog } from '../apps/server/src/platform/access-log.ts';

const app = Fastify({ logger: { level: 'info' }, logController: new AccessLog() });
app.get('/bare', async () => ({ agent: { id: 'x', firstName: 'Dana', lastName: 'Whitfield' } }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
