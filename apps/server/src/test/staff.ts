import { STAFF_CLIENT_ID, type StaffRole } from '@arc/contract';
import { oidcPayloads, staffAccounts } from '../db/schema/index.ts';
import { staffAudience, staffSubject } from '../identity/staff/staff-auth.ts';
import { randomId } from '../platform/tokens.ts';
import type { TestApp } from './app.ts';
import { mintAccessToken } from './tokens.ts';

export interface InsertStaffOptions {
  email?: string;
  role?: StaffRole;
  status?: 'active' | 'disabled';
  passwordHash?: string | null;
  totpSecret?: string | null;
}

/** A staff account written directly (no enrolment); answers its id. */
export async function insertStaff(t: TestApp, options: InsertStaffOptions = {}): Promise<string> {
  const id = randomId();
  await t.database.db.insert(staffAccounts).values({
    id,
    email: options.email ?? `${id.toLowerCase()}@staff.test`,
    role: options.role ?? 'admin',
    status: options.status ?? 'active',
    passwordHash: options.passwordHash ?? null,
    totpSecret: options.totpSecret ?? null,
  });
  return id;
}

/**
 * A staff access token as the provider issues one to the staff client, under a grant stored as the provider
 * stores it (so ending the grant ends the token). Sign-in tests go through the real flow instead.
 */
export async function mintStaffToken(
  t: TestApp,
  staffId: string,
  options: { expiresIn?: number } = {},
): Promise<{ token: string; grantId: string }> {
  const grantId = randomId();
  await t.database.db.insert(oidcPayloads).values({
    id: grantId,
    type: 'Grant',
    payload: { accountId: staffSubject(staffId), clientId: STAFF_CLIENT_ID },
    grantId,
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  const token = await mintAccessToken(t, {
    agentId: staffSubject(staffId),
    audience: staffAudience(t.config.publicUrl),
    clientId: STAFF_CLIENT_ID,
    grantId,
    ...(options.expiresIn === undefined ? {} : { expiresIn: options.expiresIn }),
  });
  return { token, grantId };
}
