import type { ChallengeItem } from '@pasado/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt, version } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** The name the student chose to show other students; null until they choose (issue 21). */
    displayName: text('display_name'),
    /**
     * The sign-in provider's name (until a sign-in brings one, the in-app form's "First Last"):
     * private, only what onboarding suggests from.
     */
    providerName: text('provider_name'),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    role: text('role', { enum: ['student', 'admin'] })
      .notNull()
      .default('student'),
    isOnboarded: boolean('is_onboarded').notNull().default(false),
    knowFrom: text('know_from'),
    currentLevel: text('current_level'),
    gemsCollection: jsonb('gems_collection')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    currentSubscriptionId: uuid('current_subscription_id'),
    challengesProgress: jsonb('challenges_progress')
      .$type<{ streak: ChallengeItem[]; mastery: ChallengeItem[] }>()
      .notNull()
      .default(sql`'{"streak":[],"mastery":[]}'::jsonb`),
    unclaimedDrillPoints: integer('unclaimed_drill_points').notNull().default(0),
    /** Gems spent on streak freezes (issue 23 item 5): spendable gems are those earned less these. */
    gemsSpent: integer('gems_spent').notNull().default(0),
    /**
     * Moves with every write of what an activity is decided on (the progress columns, the day's
     * awards, the streak, the topic tallies): the guard of a write decided on an unlocked read
     * (ADR 037). Not the user document's `version`, which moves only with what the document shows.
     */
    activitySeq: bigint('activity_seq', { mode: 'number' }).notNull().default(0),
    /**
     * Until when the free-trial discount is held for a purchase started inside its window (core
     * `discountHoldEnd`, ADR 043); null while no purchase was started in it.
     */
    discountHeldUntil: timestamptz('discount_held_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_oidc_identity_key').on(t.oidcIssuer, t.oidcSubject),
    check('users_role_check', sql`role in ('student','admin')`),
    check('users_email_lower_check', sql`email = lower(email)`),
    check('users_gems_spent_check', sql`gems_spent >= 0`),
  ],
);
