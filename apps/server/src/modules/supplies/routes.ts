import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute, perAgentLimit } from '../../platform/routes.ts';
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

  // catalog
  addRoute(app, contract.listProductTypes, async () => listProductTypes(deps));
  addRoute(app, contract.findProductsByState, async (request) =>
    findProductsByState(deps, request.agentId, request.body),
  );
  addRoute(app, contract.findProductsByCounty, async (request) =>
    findProductsByCounty(deps, request.agentId, request.body),
  );
  addRoute(app, contract.findMaPlans, async (request) => findMaPlans(deps, request.agentId, request.body));

  // cart
  addRoute(app, contract.getCart, async (request) => getCart(deps, request.agentId));
  addRoute(app, contract.updateCartItem, async (request) =>
    updateCartItem(deps, request.agentId, request.params.productId, request.body.qty),
  );
  addRoute(app, contract.updateCartItemQuantity, async (request) =>
    updateCartItemQuantity(deps, request.agentId, request.params.productId, request.body.qty),
  );
  addRoute(app, contract.deleteCartItem, async (request) =>
    deleteCartItem(deps, request.agentId, request.params.productId),
  );

  // orders
  addRoute(
    app,
    contract.createSupplyOrder,
    async (request) => {
      const key = request.headers[contract.IDEMPOTENCY_KEY_HEADER] as string;
      return createSupplyOrder(deps, request.agentId, key, request.body);
    },
    {
      // per agent; a repeat of one key counts too (a retry storm is still a storm)
      rateLimit: perAgentLimit('supply-order', config.supplyOrdersPerHour, '1 hour'),
    },
  );
  addRoute(app, contract.listSupplyOrders, async (request) => listSupplyOrders(deps, request.agentId));
  addRoute(app, contract.listSupplyOrderLog, async (request) =>
    listSupplyOrderLog(deps, request.agentId, request.params.id),
  );
  addRoute(app, contract.getCrmAccount, async (request) => getCrmAccount(deps, request.agentId, request.params.id));
}
