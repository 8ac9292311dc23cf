// The spreadsheet export server for `npm run bench`: the real platform helper (sendXlsx) on a real Fastify on
// loopback, in its own process so that its peak memory is the server's alone. It prints its port;
// GET /export?rows=N streams N prospect-shaped rows, GET /stats answers the process's peak RSS.
import Fastify from 'fastify';
import { sendXlsx } from '../apps/server/src/platform/xlsx.ts';

async function* rows(count) {
  for (let i = 1; i <= count; i += 1) {
    // a prospect-list-shaped row: 12 columns of text, a date and a number
    yield {
      id: i,
      prefix: i % 2 ? 'Mr' : 'Ms',
      first: `First${i}`,
      middle: 'Q',
      last: `Last${i}`,
      address1: `${i} Main St`,
      address2: i % 7 ? '' : `Apt ${i % 100}`,
      city: 'Madison',
      state: 'WI',
      zip: String(53700 + (i % 100)).padStart(5, '0'),
      county: 'Dane County',
      phone: `608-555-${String(i % 10_000).padStart(4, '0')}`,
      t65: new Date(Date.UTC(2026, i % 12, (i % 28) + 1)),
    };
  }
}

const columns = [
  ['T65', (r) => r.t65, 'yyyy-mm-dd'],
  ['Prefix', (r) => r.prefix],
  ['First Name', (r) => r.first],
  ['Middle', (r) => r.middle],
  ['Last Name', (r) => r.last],
  ['Address1', (r) => r.address1],
  ['Address2', (r) => r.address2],
  ['City', (r) => r.city],
  ['State', (r) => r.state],
  ['Zip', (r) => r.zip],
  ['County', (r) => r.county],
  ['Phone', (r) => r.phone],
  ['Id', (r) => r.id],
].map(([header, value, numFmt]) => ({ header, value, ...(numFmt ? { numFmt } : {}) }));

const app = Fastify({ logger: false });
app.get('/export', (request, reply) =>
  sendXlsx(reply, { fileName: 'Prospect List.xlsx', columns, rows: rows(Number(request.query.rows)) }),
);
app.get('/stats', async () => ({ peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: app.server.address().port }));
