import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agents } from './profile.ts';

/**
 * The agent's book of business (issue 46, modules/clients/): a client (beneficiary) belongs to one agent; SOAs and
 * enrollments point at it (`client_id`). The Medicare number is kept only encrypted (AES-256-GCM with
 * CLIENT_DATA_KEY, bound to the row's id); its last 4 are kept apart, in clear, for the search and the masked value.
 * Every index leads with the agent: a search never reads another agent's rows.
 */
export const clients = pgTable(
  'clients',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    phone: text('phone').notNull().default(''),
    /** the phone's digits alone (no leading 1): what the phone search compares */
    phoneDigits: text('phone_digits').notNull().default(''),
    email: text('email').notNull().default(''),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    county: text('county').notNull().default(''),
    /** CLIENT_LANGUAGES */
    language: text('language').notNull().default('en'),
    /** `v1.<key id>.<iv>.<tag>.<ciphertext>` (modules/clients/mbi-cipher.ts); null: none stored */
    mbiEncrypted: text('mbi_encrypted'),
    mbiLast4: text('mbi_last4'),
    consentToContact: boolean('consent_to_contact').notNull().default(false),
    consentMethods: jsonb('consent_methods').$type<string[]>().notNull().default([]),
    /** CLIENT_STATUSES */
    status: text('status').notNull().default('Prospect'),
    notes: text('notes').notNull().default(''),
    /** manual, soa, enrollment */
    source: text('source').notNull().default('manual'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // the list's order and keyset (last name, first name, id), and the name prefix search
    index('clients_agent_name_idx').on(
      t.agentId,
      sql`lower(${t.lastName}) text_pattern_ops`,
      sql`lower(${t.firstName})`,
      t.id,
    ),
    index('clients_agent_first_idx').on(t.agentId, sql`lower(${t.firstName}) text_pattern_ops`),
    index('clients_agent_phone_idx').on(t.agentId, t.phoneDigits.op('text_pattern_ops')),
    index('clients_agent_email_idx').on(t.agentId, sql`lower(${t.email}) text_pattern_ops`),
    index('clients_agent_mbi_last4_idx').on(t.agentId, t.mbiLast4),
    index('clients_agent_county_idx').on(t.agentId, t.county),
    // turning 65 within a month: a range of birth dates; likely duplicates: same name and birth date
    index('clients_agent_birth_idx').on(t.agentId, t.birthDate),
  ],
);
