import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The provider's roster of agents. An agent without a password hash has not registered yet. */
export const agents = pgTable(
  'agents',
  {
    id: text('id').primaryKey(),
    npn: text('npn').notNull(),
    username: text('username'),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    mobilePhone: text('mobile_phone'),
    /** null means the account is not active: the web app signs such a user out */
    status: text('status'),
    memberSupportTier: text('member_support_tier'),
    /** the agent's resident state (a two-letter code), from the roster import or the back office */
    state: text('state'),
    /** the agent's own IANA time zone (My Profile); null: their state's (contract `agentTimeZone`) */
    timeZone: text('time_zone'),
    actId: text('act_id'),
    avatarFileId: text('avatar_file_id'),
    mediMinute: boolean('medi_minute').notNull().default(false),
    hasMyHealthPlanContracts: boolean('has_my_health_plan_contracts').notNull().default(false),
    hasSunfireContracts: boolean('has_sunfire_contracts').notNull().default(false),
    activeAnalytics: boolean('active_analytics').notNull().default(false),
    isTestUser: boolean('is_test_user').notNull().default(false),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agents_npn_key').on(t.npn),
    uniqueIndex('agents_username_lower_key').on(sql`lower(${t.username})`),
    index('agents_email_idx').on(sql`lower(${t.email})`),
    // the back office's prefix search and sort (modules/staff-agents): LIKE 'x%' uses these whatever the collation
    index('agents_npn_prefix_idx').on(sql`${t.npn} text_pattern_ops`),
    index('agents_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('agents_last_name_prefix_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
    index('agents_full_name_prefix_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`),
    index('agents_name_sort_idx').on(t.lastName, t.firstName, t.npn),
    // the other sorts of the back office's table (migration 0016)
    index('agents_state_sort_idx').on(t.state, t.npn),
    index('agents_tier_sort_idx').on(t.memberSupportTier, t.npn),
    index('agents_status_sort_idx').on(t.status, t.npn),
    // the stored status as isActiveSql reads it: the inactive filter (the few) is an index read, not a scan
    index('agents_status_key_idx').on(sql`(coalesce(lower(trim(${t.status})), ''))`),
  ],
);

/**
 * Pending e-mail changes: the address changes only when the single-use link sent to the new address is opened
 * (design §3). Only the SHA-256 of the link's token is stored, as for the account links.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    /**
     * 'confirm': the link to the new address that makes a change; 'undo': the link to the old address, sent when a
     * change completes, that restores it (and ends every session). A new request voids only 'confirm' links.
     */
    purpose: text('purpose').notNull().default('confirm'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_changes_agent_idx').on(t.agentId), index('email_changes_expires_at_idx').on(t.expiresAt)],
);
