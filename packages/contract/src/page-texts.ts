import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema } from './common.ts';

/**
 * The information pages whose introduction the content team writes in the back office
 * (docs/decisions/information-pages.md): rich text, shown through SafeHtml. The defaults are the server's content file
 * (modules/content/page-texts.ts).
 */
export const PAGE_TEXT_KEYS = [
  'contact',
  'core-crm',
  'green365',
  'myquote',
  'myhealthplan',
  'sunfire',
  'policies',
  'resources',
] as const;
export type PageTextKey = (typeof PAGE_TEXT_KEYS)[number];

export const getPageTexts = defineRoute({
  method: 'GET',
  path: '/arc/content/pages',
  summary: 'The information pages’ introductions (HTML)',
  tags: ['content'],
  auth: 'agent',
  responses: { 200: z.object({ pages: z.record(z.enum(PAGE_TEXT_KEYS), z.string()) }), 401: ErrorResponseSchema },
});
