import * as z from 'zod/mini';

// zod/mini comes without messages (every issue would read "Invalid input"): English, as classic zod sets it
z.config(z.locales.en());

/** Every timestamp crosses the wire as an ISO string and is a `Date` on both sides. */
export const DateTimeSchema = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (iso) => new Date(iso),
  encode: (date) => date.toISOString(),
});

export const IdSchema = z.string().check(z.minLength(1), z.maxLength(64));

/**
 * A numeric id in a path (a PostgreSQL `integer` identity): at most 2^31 - 1, so a larger number is a 400 rather
 * than an "out of range" failure in the database.
 */
export const IntIdSchema = z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647));

export const ErrorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const EmptySchema = z.strictObject({});

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route (docs/decisions/route-access.md). Every contract entry declares it, and the server enforces it
 * from the matched route's declaration alone (apps/server/src/platform/route-access.ts), never from the request's URL:
 * - `none`: anybody; the call's own check still applies (a single-use token in the path, a signed URL);
 * - `agent`: a signed-in agent's bearer access token (and, unless the route says otherwise, the current terms
 *   accepted);
 * - `integration`: the provider's machine-to-machine key (`STAFF_API_KEY`) as a bearer; without a configured key
 *   the route is not registered at all (404 like any unknown path).
 * - `{ staff: roles }`: a signed-in staff member's bearer access token (the staff client's, never an agent's), whose
 *   role is one of `roles` (docs/decisions/back-office.md and docs/decisions/route-access.md): 401 without a valid
 * staff token, 403 for an agent's token or
 *   another role.
 */
export type RouteAuth = 'none' | 'agent' | 'integration' | { readonly staff: readonly StaffRole[] };

/**
 * The back office's roles (design §8): `admin` everything and staff management; `operations` agents, orders,
 * enrollments, cases; `content` documents, videos, pages, terms, statements; `support` agents and cases, read only.
 */
export const STAFF_ROLES = ['admin', 'operations', 'content', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * One entry per operation: the server registers it as a Fastify route schema,
 * the web client builds its URL and parses its answer from the same entry.
 */
export interface RouteEntry {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: readonly string[];
  /** who may call it (docs/decisions/route-access.md); the server decides from this alone, on the matched route */
  auth: RouteAuth;
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  headers?: z.ZodMiniType;
  responses: Record<number, z.ZodMiniType>;
}

export const defineRoute = <const T extends RouteEntry>(entry: T): T => entry;

/** Fills `:name` segments of a contract path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
