import {
  createClient,
  createClientExportToken,
  createDownloadToken,
  createEnrollmentsExportToken,
  createSoa,
  createSoaExportToken,
  findCommissionStatements,
  listContracts,
  listDownlines,
  listMyCases,
  listSupplyOrders,
  type Contract,
  type Downline,
  type RouteEntry,
} from '@arc/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { files, notifications } from '../../db/schema/index.ts';
import type { TestApp } from '../app.ts';

/** The parts of one request to a contract entry. */
export interface RequestParts {
  params?: Record<string, string | number>;
  query?: Record<string, string | string[]>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface MatrixContext {
  t: TestApp;
  /** the first demo agent, whose things the second must never reach */
  first: { id: string; token: string };
  /** the first agent's own answer to a call (asserts nothing) */
  asFirst(entry: RouteEntry, request?: RequestParts): Promise<InjectResponse>;
}

/**
 * Where the cross-agent test finds the first agent's ids for a call:
 * - `owned`: requests that reach the first agent's own things, built from the first agent's own lists. The first
 *   agent must get a 2xx with each (so the test can fail); the second agent must get 404 and none of its bytes.
 * - `not-owned`: the parameter names something every agent may use (a page offset, a catalogue item, a state);
 *   the reason says why. Such calls still get the token and property checks.
 */
export type IdSource =
  { kind: 'owned'; requests: (ctx: MatrixContext) => Promise<RequestParts[]> } | { kind: 'not-owned'; reason: string };

const owned = (requests: (ctx: MatrixContext) => Promise<RequestParts[]>): IdSource => ({ kind: 'owned', requests });
const notOwned = (reason: string): IdSource => ({ kind: 'not-owned', reason });

async function json<T>(response: Promise<InjectResponse>): Promise<T> {
  const res = await response;
  if (res.statusCode !== 200) throw new Error(`the first agent's list answered ${res.statusCode}: ${res.body}`);
  return res.json<T>();
}

/** Files only the first agent may open (commission CSVs, uploaded enrollments), straight from the table. */
async function firstAgentsFileIds(ctx: MatrixContext): Promise<string[]> {
  const rows = await ctx.t.database.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerAgentId, ctx.first.id)))
    .limit(3);
  return rows.map((r) => r.id);
}

/** A fresh SOA of the first agent (its own request, made through the API), for the calls on one SOA. */
async function firstAgentsSoa(ctx: MatrixContext): Promise<string> {
  const res = await ctx.asFirst(createSoa, {
    body: {
      beneficiaryName: 'Matrix Beneficiary',
      email: 'matrix-beneficiary@example.org',
      mobile: '',
      language: 'en',
      appointmentAt: new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString(),
      appointmentKind: 'phone',
      products: ['part-d'],
      exceptionReason: null,
    },
  });
  if (res.statusCode !== 201) throw new Error(`the first agent's SOA request answered ${res.statusCode}: ${res.body}`);
  return res.json<{ soa: { id: string } }>().soa.id;
}

/** A fresh client of the first agent, with a Medicare number (its own request, made through the API). */
async function firstAgentsClient(ctx: MatrixContext): Promise<string> {
  const res = await ctx.asFirst(createClient, {
    body: {
      firstName: 'Quentin',
      lastName: 'Matrixson',
      birthDate: '1958-04-01',
      phone: '',
      email: '',
      street: '',
      city: '',
      state: '',
      zip: '',
      county: '',
      language: 'en',
      mbi: '1EG4-TE5-MK72',
      consentToContact: false,
      consentMethods: [],
      status: 'Prospect',
      notes: '',
      soaId: null,
    },
  });
  if (res.statusCode !== 201) throw new Error(`the first agent's new client answered ${res.statusCode}: ${res.body}`);
  return res.json<{ id: string }>().id;
}

/** The first agent's contracts (those with a downline first) and a few contracts of its downline. */
async function firstAgentsContracts(ctx: MatrixContext): Promise<Contract[]> {
  const { response } = await json<{ response: Contract[] }>(ctx.asFirst(listContracts));
  return response.toSorted((a, b) => b.downlineCount - a.downlineCount);
}

/**
 * One entry per contract call that has path parameters and needs a token — the matrix FAILS for a call that has
 * none, so a new area adds its own here (its list call gives the ids). Calls whose body names a thing may add
 * one too (createDownloadToken does).
 */
export const ID_SOURCES: Record<string, IdSource> = {
  getCommissionStatement: owned(async (ctx) => {
    const page = await json<{ data: { id: string }[] }>(
      ctx.asFirst(findCommissionStatements, { params: { offset: 0 } }),
    );
    return page.data.slice(0, 3).map((s) => ({ params: { id: s.id } }));
  }),
  findCommissionStatements: notOwned("a page offset into the caller's own statements"),
  listSupplyOrderLog: owned(async (ctx) => {
    const orders = await json<{ id: number }[]>(ctx.asFirst(listSupplyOrders));
    return orders.slice(0, 3).map((o) => ({ params: { id: o.id } }));
  }),
  markNotificationRead: owned(async (ctx) => {
    // the first agent's own notification, as an order action would raise it
    const [row] = await ctx.t.database.db
      .insert(notifications)
      .values({
        agentId: ctx.first.id,
        kind: 'order-cancelled',
        title: 'T',
        body: 'B',
        link: '/products',
        createdAt: new Date(),
      })
      .returning({ id: notifications.id });
    return [{ params: { id: row!.id } }];
  }),
  getMyCase: owned(async (ctx) => {
    // the demo agent's seeded cases (seed/cases.ts)
    const { rows } = await json<{ rows: { id: string }[] }>(ctx.asFirst(listMyCases));
    return rows.slice(0, 2).map((c) => ({ params: { id: c.id } }));
  }),
  getCrmAccount: owned(async (ctx) => {
    const orders = await json<{ ActID: string | null }[]>(ctx.asFirst(listSupplyOrders));
    const actIds = [...new Set(orders.map((o) => o.ActID).filter((id): id is string => !!id))];
    return actIds.map((id) => ({ params: { id } }));
  }),
  updateCartItem: notOwned('a catalogue product id; each agent changes only its own cart'),
  deleteCartItem: notOwned('a catalogue product id; each agent changes only its own cart'),
  updateCartItemQuantity: notOwned('a catalogue product id; each agent changes only its own cart'),
  getTermsDocument: notOwned('terms versions are published to every agent'),
  getTrainingVideoSource: notOwned('the training catalogue is the same for every agent'),
  listProspectCounties: notOwned('a state code'),
  listDownlines: owned(async (ctx) =>
    (await firstAgentsContracts(ctx))
      .filter((c) => c.downlineCount > 0)
      .slice(0, 2)
      .map((c) => ({ params: { id: c.Id } })),
  ),
  listCertifications: owned(async (ctx) =>
    (await firstAgentsContracts(ctx)).slice(0, 3).map((c) => ({ params: { id: c.Id } })),
  ),
  listDownlineCertifications: owned(async (ctx) =>
    (await firstAgentsContracts(ctx))
      .filter((c) => c.downlineCount > 0 && c.HierarchyReportID__c)
      .slice(0, 2)
      .map((c) => ({ params: { id: c.HierarchyReportID__c! } })),
  ),
  // the roster names contracts in its body: a few of the first agent's downline
  createDownlineReport: owned(async (ctx) => {
    const [withDownline] = (await firstAgentsContracts(ctx)).filter((c) => c.downlineCount > 0);
    if (!withDownline) return [];
    const { data } = await json<{ data: Downline[] }>(ctx.asFirst(listDownlines, { params: { id: withDownline.Id } }));
    const downlines = data.slice(0, 3).map((d) => ({
      contractId: d.contractId,
      Account: d.contactName,
      Upline: d.uplineName,
      'Writing Number': d.WritingNumber__c ?? '',
      Carrier: d.carrierName,
    }));
    return [{ body: { downlines } }];
  }),
  listContentDocuments: notOwned('a section of the information pages, the same for every agent'),
  createDownloadToken: owned(async (ctx) => (await firstAgentsFileIds(ctx)).map((file) => ({ body: { file } }))),
  getSoa: owned(async (ctx) => [{ params: { id: await firstAgentsSoa(ctx) } }]),
  cancelSoa: owned(async (ctx) => [{ params: { id: await firstAgentsSoa(ctx) } }]),
  createSoaLink: owned(async (ctx) => [{ params: { id: await firstAgentsSoa(ctx) }, body: { delivery: 'device' } }]),
  changeSoa: owned(async (ctx) => [
    {
      params: { id: await firstAgentsSoa(ctx) },
      body: { appointmentAt: new Date(Date.now() + 12 * 24 * 60 * 60 * 1000).toISOString(), exceptionReason: null },
    },
  ]),
  getClient: owned(async (ctx) => [{ params: { id: await firstAgentsClient(ctx) } }]),
  revealClientMbi: owned(async (ctx) => [{ params: { id: await firstAgentsClient(ctx) } }]),
  // every value its own (the leak check looks for each of them in the second agent's answer)
  updateClient: owned(async (ctx) => [
    {
      params: { id: await firstAgentsClient(ctx) },
      body: {
        firstName: 'Quentin',
        lastName: 'Matrixsen',
        birthDate: '1958-04-02',
        phone: '(555) 010-4477',
        email: 'quentin.matrixsen@example.org',
        street: '77 Matrix Way',
        city: 'Matrixville',
        state: 'WI',
        zip: '53999',
        county: 'Matrixcounty',
        language: 'ko',
        mbi: null,
        consentToContact: true,
        consentMethods: ['mail'],
        status: 'Active',
        notes: 'matrix notes',
      },
    },
  ]),
  mergeClients: owned(async (ctx) => [
    { params: { id: await firstAgentsClient(ctx) }, body: { duplicateId: await firstAgentsClient(ctx) } },
  ]),
};

/**
 * Single-use tokens the first agent was given (downloads, exports): the second agent presenting one with its own
 * bearer gets 404, and the token still works for the first agent afterwards.
 */
export const TOKEN_SOURCES: Record<string, (ctx: MatrixContext) => Promise<RequestParts>> = {
  downloadFile: async (ctx) => {
    const [file] = await firstAgentsFileIds(ctx);
    const { token } = await json<{ token: string }>(ctx.asFirst(createDownloadToken, { body: { file } }));
    return { params: { token } };
  },
  exportSoas: async (ctx) => {
    const { token } = await json<{ token: string }>(ctx.asFirst(createSoaExportToken));
    return { params: { token } };
  },
  exportClients: async (ctx) => {
    const { token } = await json<{ token: string }>(ctx.asFirst(createClientExportToken));
    return { params: { token } };
  },
  exportEnrollments: async (ctx) => {
    const { token } = await json<{ token: string }>(ctx.asFirst(createEnrollmentsExportToken));
    return { params: { token } };
  },
};
