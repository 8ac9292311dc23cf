import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { files } from './files.ts';
import { agents } from './profile.ts';

/**
 * Scope of Appointment requests (issue 34, docs/decisions/soa-and-ready-to-sell.md). The agent's request and the
 * beneficiary's contact are here; what is signed lives in the versions. Kept ten years: the agent never deletes one
 * (the retention purge does, `retain_until` of every version passed); an agent row with SOAs cannot be deleted.
 */
export const soas = pgTable(
  'soas',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id),
    beneficiaryName: text('beneficiary_name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    /** SOA_LANGUAGES: en, es */
    language: text('language').notNull(),
    currentVersion: integer('current_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** the client this SOA's beneficiary is (issue 46); null until the agent names one */
    clientId: text('client_id').references(() => clients.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('soas_client_idx').on(t.clientId),
    index('soas_agent_idx').on(t.agentId, t.createdAt),
    // staff look an SOA up by the beneficiary's name or e-mail prefix (findStaffSoas)
    index('soas_beneficiary_name_prefix_idx').on(sql`lower(${t.beneficiaryName}) text_pattern_ops`),
    index('soas_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
  ],
);

/**
 * One version of an SOA: what was asked (appointment, products, exception) and, once signed, what was signed.
 * A signed version never changes; a change of the appointment date or the exception reason is a new version.
 */
export const soaVersions = pgTable(
  'soa_versions',
  {
    soaId: text('soa_id')
      .notNull()
      .references(() => soas.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    appointmentAt: timestamp('appointment_at', { withTimezone: true }).notNull(),
    /**
     * the IANA zone the appointment was booked in: the e-mail, the signing page, the PDF and the export write the
     * appointment in it, with its name (issue 45); null for versions made before it was kept (the business zone)
     */
    appointmentTimeZone: text('appointment_time_zone'),
    appointmentKind: text('appointment_kind').notNull(),
    products: jsonb('products').$type<string[]>().notNull(),
    exceptionReason: text('exception_reason'),
    /** the rule set (contract soa-rules.ts) of the appointment's date */
    ruleSet: text('rule_set').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** the newest link's expiry: unsigned past it is Expired */
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signerName: text('signer_name'),
    signerRelationship: text('signer_relationship'),
    productsAgreed: jsonb('products_agreed').$type<string[]>(),
    signerIp: text('signer_ip'),
    signerUserAgent: text('signer_user_agent'),
    sha256: text('sha256'),
    fileId: text('file_id').references(() => files.id),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    /** ten years from the signature (from the request when never signed) */
    retainUntil: timestamp('retain_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.soaId, t.version] }), index('soa_versions_retain_idx').on(t.retainUntil)],
);

/** Single-use signing links. Only the SHA-256 of the token is stored (like the registration links). */
export const soaLinks = pgTable(
  'soa_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    soaId: text('soa_id')
      .notNull()
      .references(() => soas.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** spent by the signature, or by a newer link, a new version or a cancellation */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** true when the signature spent it: the link then shows the confirmation, nothing else */
    isSigned: boolean('is_signed').notNull().default(false),
  },
  (t) => [index('soa_links_soa_idx').on(t.soaId)],
);
