import type { FastifyInstance } from 'fastify';

/**
 * An encapsulated plugin keeps the error handler its parent had when it was created, and app.ts sets
 * its handler after the plugins are registered; so these routes ask the root for its handler at the
 * time of the error, and answer with the app's error envelope like every other route.
 */
export function useRootErrorHandler(child: FastifyInstance, root: FastifyInstance): void {
  child.setErrorHandler(function delegate(error, request, reply) {
    return root.errorHandler(error, request, reply);
  });
}
