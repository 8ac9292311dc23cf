import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { RecordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { addRoute } from '../../platform/routes.ts';
import { staffEnrolmentMail } from './emails.ts';
import {
  changeStaffRole,
  completeEnrolment,
  createStaff,
  disableStaff,
  enableStaff,
  ENROLMENT_LINK_TTL_MS,
  findStaffById,
  getEnrolment,
  listStaff,
  resetStaffSecondFactor,
  setStaffTimeZone,
  type StaffAccount,
} from './service.ts';
import { totpUri } from './totp.ts';

/** A staff account as staff management lists it (never its secrets). */
const memberRow = (staff: StaffAccount): contract.StaffMemberRow => ({
  id: staff.id,
  email: staff.email,
  role: staff.role as contract.StaffRole,
  status: staff.status === 'disabled' ? 'disabled' : 'active',
  isEnrolled: staff.passwordHash !== null && staff.totpSecret !== null,
  lastSignInAt: staff.lastSignInAt,
  createdAt: staff.createdAt,
});

/**
 * The back office's own calls about staff identity (docs/decisions/back-office.md): who is signed in, the enrolment
 * link, and staff management (admin only, on the same service as `npm run staff`; each change audited with the admin as
 * `by`).
 */
export async function staffRoutes(app: FastifyInstance, { recordAudit }: { recordAudit: RecordAudit }): Promise<void> {
  const deps = { db: app.db, clock: app.deps.clock, recordAudit };
  const limit = { rateLimit: { max: app.deps.config.signInsPerMinute, timeWindow: '1 minute' } };

  const { businessTimeZone } = app.deps.config;
  const me = (staff: {
    id: string;
    email: string;
    name: string | null;
    role: contract.StaffRole;
    timeZone: string | null;
  }) => ({
    id: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role,
    timeZone: staff.timeZone ?? businessTimeZone,
    timeZoneSetting: staff.timeZone,
    defaultTimeZone: businessTimeZone,
  });
  addRoute(app, contract.getCurrentStaff, async (request) => me(request.staff));

  // the member's own zone for what the back office shows (issue 45); null goes back to the business zone
  addRoute(
    app,
    contract.updateStaffTimeZone,
    async (request) => {
      await setStaffTimeZone(deps, request.staff.id, request.body.timeZone);
      await app.staffChanged(request.staff.id);
      return me({ ...request.staff, timeZone: request.body.timeZone });
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

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

  const enrolmentLink = (token: string) => `${app.deps.config.publicUrl}${contract.staffPaths.enrolment(token)}`;
  const requireMember = async (id: string) => {
    const staff = await findStaffById(app.db, id);
    if (!staff) throw new AppError('NOT_FOUND', contract.STAFF_MEMBER_MESSAGES.notFound);
    return staff;
  };
  /** The member and the link, shown once to the admin and e-mailed to the member (issue 47). */
  const issued = async (staffId: string, token: string, kind: 'added' | 'second-factor-reset') => {
    const staff = await requireMember(staffId);
    const link = enrolmentLink(token);
    const expiresAt = new Date(deps.clock.now().getTime() + ENROLMENT_LINK_TTL_MS);
    await app.deps.mailer.send(
      staffEnrolmentMail({
        kind,
        to: staff.email,
        link,
        expiresAt,
        providerName: app.deps.config.providerName,
        timeZone: staff.timeZone ?? businessTimeZone,
      }),
    );
    return { member: memberRow(staff), enrolmentLink: link, expiresAt, emailedTo: staff.email };
  };
  const actor = (request: { staff: { email: string }; ip: string }) => ({ email: request.staff.email, ip: request.ip });

  addRoute(app, contract.listStaffMembers, async () => ({ members: (await listStaff(app.db)).map(memberRow) }));

  addRoute(app, contract.createStaffMember, async (request, reply) => {
    const { staffId, token } = await createStaff(deps, request.body, actor(request));
    return reply.code(201).send(await issued(staffId, token, 'added'));
  });

  addRoute(app, contract.disableStaffMember, async (request) => {
    const staff = await requireMember(request.params.id);
    if (staff.id === request.staff.id) throw new AppError('CONFLICT', contract.STAFF_MEMBER_MESSAGES.notYourself);
    const { endedGrants } = await disableStaff(deps, staff.email, actor(request));
    await app.grantsEnded(endedGrants);
    await app.staffChanged(staff.id);
    return memberRow(await requireMember(staff.id));
  });

  addRoute(app, contract.resetStaffMemberSecondFactor, async (request) => {
    const staff = await requireMember(request.params.id);
    const { token, endedGrants } = await resetStaffSecondFactor(deps, staff.email, actor(request));
    await app.grantsEnded(endedGrants);
    await app.staffChanged(staff.id);
    return issued(staff.id, token, 'second-factor-reset');
  });

  // the role is read on every call (staff-auth.ts): dropping the cached account is enough, the sessions stay open
  addRoute(app, contract.updateStaffMemberRole, async (request) => {
    const staff = await requireMember(request.params.id);
    if (staff.id === request.staff.id) throw new AppError('CONFLICT', contract.STAFF_MEMBER_MESSAGES.notYourOwnRole);
    await changeStaffRole(deps, staff.id, request.body.role, actor(request));
    await app.staffChanged(staff.id);
    return memberRow(await requireMember(staff.id));
  });

  addRoute(app, contract.enableStaffMember, async (request) => {
    const staff = await requireMember(request.params.id);
    await enableStaff(deps, staff.id, actor(request));
    await app.staffChanged(staff.id);
    return memberRow(await requireMember(staff.id));
  });
}
