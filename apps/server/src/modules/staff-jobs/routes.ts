import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { listJobs, retryJob, type StaffJobsDeps } from './service.ts';

/** /staff/jobs (admin): the job kinds' runs and a retry (roles on each contract entry, decision 085). */
export async function staffJobsRoutes(app: FastifyInstance): Promise<void> {
  const deps: StaffJobsDeps = { jobs: app.jobs };
  addRoute(app, contract.listStaffJobs, async () => listJobs(deps));
  addRoute(app, contract.retryStaffJob, async (request) => retryJob(deps, request.params.name));
}
