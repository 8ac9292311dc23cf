import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { RecordAudit } from '../../platform/audit.ts';
import { addRoute } from '../../platform/routes.ts';
import { completeEnrolment, getEnrolment } from './service.ts';
import { totpUri } from './totp.ts';

/** The back office's own calls about staff identity (decision 084): who is signed in, and the enrolment link. */
export async function staffRoutes(app: FastifyInstance, { recordAudit }: { recordAudit: RecordAudit }): Promise<void> {
  const deps = { db: app.db, clock: app.deps.clock, recordAudit };
  const limit = { rateLimit: { max: app.deps.config.signInsPerMinute, timeWindow: '1 minute' } };

  addRoute(app, contract.getCurrentStaff, async (request) => request.staff);

  addRoute(
    app,
    contract.getStaffEnrolment,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const enrolment = await getEnrolment(deps, request.params.token);
      const otpauthUri = totpUri(enrolment.secret, enrolment.email, app.deps.config.providerName);
      const qrCode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
      return { ...enrolment, otpauthUri, qrCode };
    },
    limit,
  );

  addRoute(
    app,
    contract.completeStaffEnrolment,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const recoveryCodes = await completeEnrolment(deps, request.params.token, { ...request.body, ip: request.ip });
      return { recoveryCodes };
    },
    limit,
  );
}
