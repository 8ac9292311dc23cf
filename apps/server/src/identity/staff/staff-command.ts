import { STAFF_ROLES, StaffEmailSchema, staffPaths, type StaffRole } from '@arc/contract';
import { AppError } from '../../platform/errors.ts';
import { createStaff, disableStaff, listStaff, resetStaffSecondFactor, type StaffDeps } from './service.ts';

export const STAFF_USAGE =
  'usage: npm run staff -- add EMAIL --role admin|operations|content|support | list | disable EMAIL | reset-2fa EMAIL';

export interface StaffCommand {
  command: string | undefined;
  email: string | undefined;
  role: string | undefined;
}

const isRole = (value: string | undefined): value is StaffRole => STAFF_ROLES.includes(value as StaffRole);

/**
 * `npm run staff` (docs/decisions/back-office.md): what each subcommand does, answering the lines to print. An
 * AppError's message is for the person at the terminal. `disable` and `reset-2fa` end the member's sessions; running
 * servers stop accepting its open tokens within USER_CACHE_TTL_MS (their caches of grants and accounts).
 */
export async function runStaffCommand(
  deps: StaffDeps & { publicUrl: string },
  { command, email, role }: StaffCommand,
): Promise<string[]> {
  const link = (token: string) => `${deps.publicUrl}${staffPaths.enrolment(token)}`;
  const needEmail = () => {
    if (!email) throw new AppError('BAD_REQUEST', STAFF_USAGE);
    return email;
  };
  switch (command) {
    case 'add': {
      if (!isRole(role)) throw new AppError('BAD_REQUEST', `--role must be one of ${STAFF_ROLES.join(', ')}`);
      const parsed = StaffEmailSchema.safeParse(needEmail());
      if (!parsed.success) throw new AppError('BAD_REQUEST', `${email} is not an e-mail address`);
      const { token } = await createStaff(deps, { email: parsed.data, role });
      return [
        `Staff account ${email!.trim().toLowerCase()} (${role}) created.`,
        `One-time enrolment link (72 hours): ${link(token)}`,
      ];
    }
    case 'list': {
      const rows = await listStaff(deps.db);
      if (rows.length === 0) return ['No staff accounts.'];
      return rows.map((row) =>
        [
          row.email,
          row.role,
          row.status,
          row.enrolledAt ? 'enrolled' : 'not enrolled',
          `last sign-in ${row.lastSignInAt?.toISOString() ?? 'never'}`,
        ].join('\t'),
      );
    }
    case 'disable': {
      const { endedGrants } = await disableStaff(deps, needEmail());
      return [`Disabled ${email}; ${endedGrants.length} session(s) ended.`];
    }
    case 'reset-2fa': {
      const { token, endedGrants } = await resetStaffSecondFactor(deps, needEmail());
      return [
        `Second factor and password of ${email} removed; ${endedGrants.length} session(s) ended.`,
        `One-time enrolment link (72 hours): ${link(token)}`,
      ];
    }
    case undefined:
    default:
      throw new AppError('BAD_REQUEST', STAFF_USAGE);
  }
}
