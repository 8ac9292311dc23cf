import * as contract from '@arc/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outbox } from '../../db/schema/index.ts';
import { findLinks, renderMailbox } from './page.ts';

const MailboxQuerySchema = z.object({
  to: z.string().trim().min(1).max(320).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const MailboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  /** the http(s) addresses in the text body, in order */
  links: z.array(z.string()),
  createdAt: contract.DateTimeSchema,
  sentAt: contract.DateTimeSchema.nullable(),
  error: z.string().nullable(),
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
  // demo mode only, for anybody who reaches the port (decision 014)
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
