import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema } from './common.ts';

export const CreateDownloadTokenRequestSchema = z.object({ file: z.string().check(z.minLength(1), z.maxLength(200)) });
export type CreateDownloadTokenRequest = z.infer<typeof CreateDownloadTokenRequestSchema>;

export const createDownloadToken = defineRoute({
  method: 'POST',
  path: '/arc/downloadtoken',
  summary: 'A single-use token, valid 60 s, to download one file the agent may see',
  tags: ['files'],
  auth: 'agent',
  body: CreateDownloadTokenRequestSchema,
  responses: {
    200: z.object({ token: z.string() }),
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
    429: ErrorResponseSchema,
  },
});

/** Opened by the browser itself (no bearer): the token is the credential. Streams the file. */
export const downloadFile = defineRoute({
  method: 'GET',
  path: '/arc/download/:token',
  summary: 'Stream the file a download token names',
  tags: ['files'],
  auth: 'none',
  params: z.object({ token: z.string() }),
  /** `inline` asks the browser to show a PDF in the tab (compliance guides open in a new tab) */
  query: z.object({ disposition: z.optional(z.enum(['attachment', 'inline'])) }),
  /** 200 is the file's bytes; 404 a malformed token; 410 a used, unknown or expired one */
  responses: { 404: ErrorResponseSchema, 410: ErrorResponseSchema, 429: ErrorResponseSchema },
});

export const DOWNLOAD_TOKEN_TTL_SECONDS = 60;
/** The spec opens the download link 500 ms after the token arrives. */
export const DOWNLOAD_CLICK_DELAY_MS = 500;
