import type { FastifyInstance } from 'fastify';

export async function telemetryRoutes(_app: FastifyInstance): Promise<void> {}
