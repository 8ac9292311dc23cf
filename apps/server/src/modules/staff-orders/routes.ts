import * as contract from '@arc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { sendXlsxSheets, type XlsxColumn } from '../../platform/xlsx.ts';
import type { QueueOrder } from './queries.ts';
import {
  actOnOrders,
  assignOrders,
  getOrder,
  listOrders,
  ordersForExport,
  type StaffActor,
  type StaffOrdersDeps,
} from './service.ts';

/** What a carrier's kit fulfilment team needs, one row per order (STAFF_ORDERS_EXPORT_COLUMNS, in order). */
const EXPORT_COLUMNS: XlsxColumn<QueueOrder>[] = [
  { header: 'Order', value: (o) => o.id, width: 10 },
  { header: 'Agent', value: (o) => `${o.agentFirstName} ${o.agentLastName}`, width: 24 },
  { header: 'NPN', value: (o) => o.agentNpn, width: 12 },
  { header: 'Ship to', value: (o) => `${o.streetNum} ${o.street}, ${o.city}, ${o.state} ${o.zip}`, width: 40 },
  { header: 'Kit', value: (o) => o.type, width: 24 },
  { header: 'Year', value: (o) => o.year, width: 8 },
  { header: 'Plan', value: (o) => o.planName, width: 40 },
  { header: 'Quantity', value: (o) => o.qty, width: 10 },
  { header: 'Special instructions', value: (o) => o.specialInstructions, width: 40 },
];

/**
 * The back office's supply-order queue (issue 32, docs/decisions/supplies.md; roles on each contract entry,
 * docs/decisions/route-access.md).
 */
export async function staffOrdersRoutes(app: FastifyInstance): Promise<void> {
  const deps: StaffOrdersDeps = {
    db: app.db,
    clock: app.deps.clock,
    timeZone: app.deps.config.businessTimeZone,
    mailer: app.deps.mailer,
    config: app.deps.config,
    bus: app.notificationBus,
  };
  const actor = (request: FastifyRequest): StaffActor => ({ staff: request.staff, ip: request.ip });

  addRoute(app, contract.listStaffOrders, async (request) => listOrders(deps, request.staff, request.query));

  addRoute(app, contract.getStaffOrder, async (request) => getOrder(deps, request.params.id));

  addRoute(app, contract.assignStaffOrders, async (request) => ({
    orders: await assignOrders(deps, actor(request), request.body),
  }));

  addRoute(app, contract.actOnStaffOrders, async (request) => ({
    orders: await actOnOrders(deps, actor(request), request.body),
  }));

  addRoute(app, contract.exportStaffOrders, async (request, reply) => {
    const sheets = await ordersForExport(deps, actor(request), request.body.ids);
    return sendXlsxSheets(reply, {
      fileName: contract.STAFF_ORDERS_EXPORT_FILE_NAME,
      columns: EXPORT_COLUMNS,
      sheets,
    });
  });
}
