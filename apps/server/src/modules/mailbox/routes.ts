import * as contract from '@arc/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { outbox } from '../../db/schema/index.ts';
import { findLinks, renderMailbox } from './page.ts';

const MailboxQuerySchema = z.object({
  to: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(320))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
});

const MailboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.nullable(z.string()),
  /** the http(s) addresses in the text body, in order */
  links: z.array(z.string()),
  createdAt: contract.DateTimeSchema,
  sentAt: z.nullable(contract.DateTimeSchema),
  error: z.nullable(z.string()),
});

const MailboxResponseSchema = z.object({ messages: z.array(MailboxMessageSchema) });

/**
 * The development mailbox (demo mode only): the outbox newest first, as a page for people and as
 * JSON for end-to-end tests.
 */
async function mailbox(root: FastifyInstance) {
  await root.register(mailboxPages);
}

async function mailboxPages(app: FastifyInstance) {
  // demo mode only, for anybody who reaches the port (docs/decisions/server-runtime.md)
  const isPublic = { auth: 'none' } as const;
  // app.ts sets its error handler after the modules are registered: ask for it when an error happens
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function listMessages(query: z.infer<typeof MailboxQuerySchema>) {
    return app.db
      .select()
      .from(outbox)
      .where(query.to ? eq(outbox.to, query.to) : undefined)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(query.limit);
  }

  routes.get(
    '/dev/mailbox/messages',
    {
      schema: { hide: true, querystring: MailboxQuerySchema, response: { 200: MailboxResponseSchema } },
      config: isPublic,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await listMessages(request.query);
      return { messages: rows.map((row) => ({ ...row, links: findLinks(row.text) })) };
    },
  );

  routes.get(
    '/dev/mailbox',
    { schema: { hide: true, querystring: MailboxQuerySchema }, config: isPublic },
    async (request, reply) => {
      const rows = await listMessages(request.query);
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderMailbox(rows, app.deps.config.businessTimeZone));
    },
  );
}

export const mailboxRoutes = fp(mailbox, { name: 'arc-mailbox' });
