// The floor under a search's overhead: a bare Fastify POST route that reads the JSON body and answers a fixed JSON
// text (the API's own answer to the 10-ZIP search, from the file BARE_ANSWER_FILE), gzipped on each request as the
// server gzips a small answer (docs/decisions/prospects.md). No authentication, validation or database: what HTTP over
// loopback, JSON and compression alone cost on this machine.
import fs from 'node:fs';
import zlib from 'node:zlib';
import Fastify from 'fastify';

const answer = fs.readFileSync(process.env.BARE_ANSWER_FILE ?? '', 'utf8');
const app = Fastify({ logger: false });
app.get('/readyz', async () => ({ ready: true }));
app.post('/bare', (request, reply) => {
  const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
  reply.type('application/json; charset=utf-8');
  if (!gzip) return reply.send(answer);
  reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding');
  return reply.send(zlib.gzipSync(answer));
});
await app.listen({ port: Number(process.env.PORT ?? 8298), host: '127.0.0.1' });
console.log('ready');
