import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function identity(_app: FastifyInstance): Promise<void> {}

export const identityPlugin = fp(identity, { name: 'arc-identity' });
