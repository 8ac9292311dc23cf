import type { StaffRole } from '@arc/contract';
import type { Db } from '../db/client.ts';
import { staffAccounts } from '../db/schema/index.ts';
import { hashPassword } from '../platform/passwords.ts';

/** The demo staff's password and TOTP secret (design §8): demo mode only, listed in the README. */
export const DEMO_STAFF_PASSWORD = 'Demo-Staff-2026!';
export const DEMO_STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
/** without PROVIDER_EMAIL_DOMAIN (demo mode sets it to this) */
export const DEMO_STAFF_EMAIL_DOMAIN = 'provider.test';
/**
 * `admin`, `ops` and `support` sign in by these names (the part before the provider's e-mail domain) or the whole
 * address; having no display name, they are named so in the queues too.
 */
export const DEMO_STAFF: readonly { id: string; name: string; role: StaffRole }[] = [
  { id: 'demo-staff-admin', name: 'admin', role: 'admin' },
  { id: 'demo-staff-ops', name: 'ops', role: 'operations' },
  { id: 'demo-staff-support', name: 'support', role: 'support' },
];

/** The demo's staff members, enrolled already; added once (an existing account is left as it is). */
export async function seedDemoStaff({ db, emailDomain, now }: { db: Db; emailDomain: string; now: Date }) {
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  await db
    .insert(staffAccounts)
    .values(
      DEMO_STAFF.map((staff) => ({
        id: staff.id,
        email: `${staff.name}@${emailDomain}`,
        role: staff.role,
        passwordHash,
        totpSecret: DEMO_STAFF_TOTP_SECRET,
        enrolledAt: now,
      })),
    )
    .onConflictDoNothing();
}
