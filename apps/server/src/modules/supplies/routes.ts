import {
  createSupplyOrder as createSupplyOrderRoute,
  deleteCartItem as deleteCartItemRoute,
  findMaPlans as findMaPlansRoute,
  findProductsByCounty as findProductsByCountyRoute,
  findProductsByState as findProductsByStateRoute,
  getCart as getCartRoute,
  getCrmAccount as getCrmAccountRoute,
  IDEMPOTENCY_KEY_HEADER,
  listProductTypes as listProductTypesRoute,
  listSupplyOrderLog as listSupplyOrderLogRoute,
  listSupplyOrders as listSupplyOrdersRoute,
  updateCartItem as updateCartItemRoute,
  updateCartItemQuantity as updateCartItemQuantityRoute,
} from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { startPeriodicJob } from '../../platform/periodic-job.ts';
import { addRoute } from '../../platform/routes.ts';
import {
  createSupplyOrder,
  deleteCartItem,
  findMaPlans,
  findProductsByCounty,
  findProductsByState,
  getCart,
  getCrmAccount,
  listProductTypes,
  listSupplyOrderLog,
  listSupplyOrders,
  purgeExpiredOrderRequests,
  updateCartItem,
  updateCartItemQuantity,
  type SuppliesDeps,
} from './service.ts';

export async function suppliesRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  const deps: SuppliesDeps = {
    db: app.db,
    clock: app.deps.clock,
    timeZone: config.businessTimeZone,
    kitsPerOrder: config.supplyKitsPerOrder,
    kitsPerDay: config.supplyKitsPerDay,
  };

  const stopPurge = startPeriodicJob({
    name: 'supply-idempotency-key-purge',
    everyMs: 60 * 60 * 1000,
    log: app.log,
    job: () => purgeExpiredOrderRequests(deps),
  });
  app.addHook('onClose', async () => stopPurge());

  // catalog
  addRoute(app, listProductTypesRoute, async () => listProductTypes(deps));
  addRoute(app, findProductsByStateRoute, async (request) => findProductsByState(deps, request.agentId, request.body));
  addRoute(app, findProductsByCountyRoute, async (request) =>
    findProductsByCounty(deps, request.agentId, request.body),
  );
  addRoute(app, findMaPlansRoute, async (request) => findMaPlans(deps, request.agentId, request.body));

  // cart
  addRoute(app, getCartRoute, async (request) => getCart(deps, request.agentId));
  addRoute(app, updateCartItemRoute, async (request) =>
    updateCartItem(deps, request.agentId, request.params.productId, request.body.qty),
  );
  addRoute(app, updateCartItemQuantityRoute, async (request) =>
    updateCartItemQuantity(deps, request.agentId, request.params.productId, request.body.qty),
  );
  addRoute(app, deleteCartItemRoute, async (request) =>
    deleteCartItem(deps, request.agentId, request.params.productId),
  );

  // orders
  addRoute(
    app,
    createSupplyOrderRoute,
    async (request) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER] as string;
      return createSupplyOrder(deps, request.agentId, key, request.body);
    },
    {
      // per agent, after authentication; a repeat of one key counts too (a retry storm is still a storm)
      rateLimit: {
        max: config.supplyOrdersPerHour,
        timeWindow: '1 hour',
        hook: 'preHandler',
        keyGenerator: (request) => `supply-order:${request.agentId}`,
      },
    },
  );
  addRoute(app, listSupplyOrdersRoute, async (request) => listSupplyOrders(deps, request.agentId));
  addRoute(app, listSupplyOrderLogRoute, async (request) =>
    listSupplyOrderLog(deps, request.agentId, request.params.id),
  );
  addRoute(app, getCrmAccountRoute, async (request) => getCrmAccount(deps, request.agentId, request.params.id));
}
