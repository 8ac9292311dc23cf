import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The back office's staff (docs/decisions/back-office.md): accounts apart from agents', with a role, a password and a
 * TOTP second factor. An account made by `npm run staff -- add` has neither until its enrolment link is used.
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    /** the account's id; its OpenID Connect `sub` is `staff:<id>`, a namespace no agent id shares */
    id: text('id').primaryKey(),
    /** stored in lower case */
    email: text('email').notNull(),
    /** the name colleagues and agents read (a case reply is signed with it); null: the e-mail's local part */
    name: text('name'),
    /** admin | operations | content | support */
    role: text('role').notNull(),
    /** active | disabled: a disabled account cannot sign in and its tokens are refused */
    status: text('status').notNull().default('active'),
    passwordHash: text('password_hash'),
    /**
     * The TOTP secret (base32). Stored as it is (docs/operations.md): the server must read it to check a code, and
     * the database's own encryption at rest and backups' protect it like the password hashes.
     */
    totpSecret: text('totp_secret'),
    /** the last 30-second step a code was accepted for: a code is good once (RFC 6238 §5.2) */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** the staff member's IANA time zone for what the back office shows; null: the business zone (`TZ_BUSINESS`) */
    timeZone: text('time_zone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_accounts_email_key').on(t.email)],
);

/** One-time recovery codes: only their SHA-256 is kept; a used code stays with its time and is never good again. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    staffId: text('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.codeHash] })],
);

/**
 * One-time enrolment links (`/staff/enrol/<token>`): only the token's SHA-256 is kept. The link carries the TOTP
 * secret it offers, so that the QR code shown stays the same until the enrolment is completed.
 */
export const staffEnrolmentLinks = pgTable(
  'staff_enrolment_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    totpSecret: text('totp_secret').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_enrolment_links_staff_idx').on(t.staffId)],
);

export type StaffAccountRow = typeof staffAccounts.$inferSelect;
