// The baseline: a bare Fastify route answering a small JSON object, measured in the same run.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ agent: { id: 'x', firstName: 'Dana', lastName: 'Whitfield' } }));
await app.listen({ port: Number(process.env.PORT ?? 8299), host: '127.0.0.1' });
console.log('ready');
