import {
  adStatuses,
  adTypes,
  auditTargetTypes,
  contactKinds,
  reportReasonCodes,
} from '@adboard/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Typed view of the tables the SQL migrations create (migrations are the source of truth). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const cities = pgTable('cities', {
  id: serial('id').primaryKey(),
  countryCode: text('country_code').notNull(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  region: text('region').notNull(),
  tier: smallint('tier').notNull(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  emailNormalized: text('email_normalized').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['advertiser', 'moderator', 'admin'] }).notNull(),
  siteId: text('site_id').notNull(),
  emailVerifiedAt: ts('email_verified_at'),
  bannedAt: ts('banned_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
});

export const emailCodes = pgTable('email_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const outboxMessages = pgTable('outbox_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  siteId: text('site_id').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  bodyText: text('body_text').notNull(),
  bodyHtml: text('body_html'),
  status: text('status', { enum: ['queued', 'sent', 'stored', 'failed'] }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
});

export const ads = pgTable('ads', {
  id: bigint('id', { mode: 'number' })
    .primaryKey()
    .default(sql`nextval('ads_id_seq')`),
  siteId: text('site_id').notNull(),
  ownerId: uuid('owner_id'),
  email: text('email').notNull(),
  emailNormalized: text('email_normalized').notNull(),
  type: text('type', { enum: adTypes }).notNull(),
  status: text('status', { enum: adStatuses }).notNull(),
  countryCode: text('country_code').notNull(),
  citySlug: text('city_slug').notNull(),
  title: text('title').notNull(),
  descriptionHtml: text('description_html').notNull(),
  descriptionText: text('description_text').notNull(),
  name: text('name').notNull(),
  age: smallint('age').notNull(),
  phone: text('phone').notNull(),
  phoneE164: text('phone_e164'),
  ethnicity: text('ethnicity'),
  business: text('business'),
  incalls: text('incalls'),
  outcalls: text('outcalls'),
  backlink: text('backlink'),
  backlinkKey: text('backlink_key'),
  /** What the public page shows of the poster's contacts (migration 0007). */
  publicContacts: text('public_contacts', { enum: contactKinds })
    .array()
    .notNull()
    .default(sql`ARRAY['call']::text[]`),
  product: text('product'),
  paid: boolean('paid').notNull(),
  approved: boolean('approved').notNull(),
  flags: jsonb('flags').$type<AdFlag[]>().notNull(),
  expiresAt: ts('expires_at'),
  postedAt: ts('posted_at'),
  submittedAt: ts('submitted_at'),
  emailVerifiedAt: ts('email_verified_at'),
  phoneVerifiedAt: ts('phone_verified_at'),
  editTokenHash: text('edit_token_hash'),
  editTokenExpiresAt: ts('edit_token_expires_at'),
  activationTokenHash: text('activation_token_hash'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
  premiumUntil: ts('premium_until'),
  reviewedAt: ts('reviewed_at'),
  reviewedBy: uuid('reviewed_by'),
  rejectionCode: text('rejection_code'),
  rejectionReason: text('rejection_reason'),
  paidDays: integer('paid_days').notNull().default(0),
  premiumDays: integer('premium_days').notNull().default(0),
});

/** Something moderators should look at; never a change to the ad itself. */
export interface AdFlag {
  kind: 'refused_words';
  words: string[];
}

export const phoneCodes = pgTable('phone_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  adId: bigint('ad_id', { mode: 'number' }).notNull(),
  phoneE164: text('phone_e164').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const analyticsEvents = pgTable('analytics_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  adId: bigint('ad_id', { mode: 'number' }),
  userId: uuid('user_id'),
  siteId: text('site_id').notNull(),
  data: jsonb('data').$type<Record<string, string | number | boolean>>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const photos = pgTable('photos', {
  id: uuid('id').primaryKey().defaultRandom(),
  adId: bigint('ad_id', { mode: 'number' }).notNull(),
  position: integer('position').notNull(),
  isPrimary: boolean('is_primary').notNull().default(false),
  isVerification: boolean('is_verification').notNull().default(false),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  phash: text('phash').notNull(),
  pendingReview: boolean('pending_review').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const paymentOrders = pgTable('payment_orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  adId: bigint('ad_id', { mode: 'number' }).notNull(),
  siteId: text('site_id').notNull(),
  product: text('product', { enum: ['paid', 'premium'] }).notNull(),
  optionId: text('option_id').notNull(),
  days: integer('days').notNull(),
  currency: text('currency').notNull(),
  amountFiat: numeric('amount_fiat', { precision: 12, scale: 2 }).notNull(),
  rate: numeric('rate', { precision: 18, scale: 2 }).notNull(),
  rateSource: text('rate_source').notNull(),
  rateAt: ts('rate_at').notNull(),
  amountSats: bigint('amount_sats', { mode: 'bigint' }).notNull(),
  network: text('network').notNull(),
  addressIndex: integer('address_index').notNull(),
  address: text('address').notNull(),
  status: text('status', { enum: ['assigned', 'processing', 'complete'] }).notNull(),
  receivedSats: bigint('received_sats', { mode: 'bigint' }).notNull(),
  confirmedSats: bigint('confirmed_sats', { mode: 'bigint' }).notNull(),
  expiresAt: ts('expires_at').notNull(),
  completedAt: ts('completed_at'),
  nextCheckAt: ts('next_check_at'),
  checkFailures: integer('check_failures').notNull().default(0),
  appliedSats: bigint('applied_sats', { mode: 'bigint' }).notNull().default(0n),
  lastCheckedAt: ts('last_checked_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const paymentOutputs = pgTable('payment_outputs', {
  txid: text('txid').notNull(),
  vout: integer('vout').notNull(),
  orderId: uuid('order_id').notNull(),
  sats: bigint('sats', { mode: 'bigint' }).notNull(),
  confirmed: boolean('confirmed').notNull(),
  blockHeight: integer('block_height'),
  firstSeenAt: ts('first_seen_at').notNull().defaultNow(),
  goneAt: ts('gone_at'),
});

export const paymentOrderHistory = pgTable('payment_order_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: uuid('order_id').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  receivedSats: bigint('received_sats', { mode: 'bigint' }).notNull(),
  confirmedSats: bigint('confirmed_sats', { mode: 'bigint' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const refunds = pgTable('refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull(),
  adId: bigint('ad_id', { mode: 'number' }).notNull(),
  amountSats: bigint('amount_sats', { mode: 'bigint' }).notNull(),
  state: text('state', {
    enum: ['offered', 'awaiting_address', 'ready', 'sent', 'cancelled'],
  }).notNull(),
  reason: text('reason', { enum: ['rejected', 'not_payable', 'excess', 'deleted', 'underpaid'] })
    .notNull()
    .default('rejected'),
  refundAddress: text('refund_address'),
  addressTokenHash: text('address_token_hash').notNull(),
  sentTxid: text('sent_txid'),
  createdAt: ts('created_at').notNull().defaultNow(),
  addressGivenAt: ts('address_given_at'),
  sentAt: ts('sent_at'),
});

export const adReports = pgTable('ad_reports', {
  id: uuid('id').primaryKey().defaultRandom(),
  adId: bigint('ad_id', { mode: 'number' }).notNull(),
  reason: text('reason', { enum: reportReasonCodes }).notNull(),
  details: text('details').notNull().default(''),
  priority: smallint('priority').notNull(),
  reporterHash: text('reporter_hash').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  resolvedAt: ts('resolved_at'),
  resolvedBy: uuid('resolved_by'),
  resolution: text('resolution', { enum: ['dismissed', 'ad_removed'] }),
});

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE (migration 0005). */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actorId: uuid('actor_id').notNull(),
  actorEmail: text('actor_email').notNull(),
  action: text('action').notNull(),
  targetType: text('target_type', { enum: auditTargetTypes }).notNull(),
  targetId: text('target_id').notNull(),
  before: jsonb('before').$type<Record<string, unknown>>(),
  after: jsonb('after').$type<Record<string, unknown>>(),
  reason: text('reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const adExpiryNotices = pgTable('ad_expiry_notices', {
  adId: bigint('ad_id', { mode: 'number' }).notNull(),
  kind: text('kind', { enum: ['week', 'day', 'expired'] }).notNull(),
  expiresAt: ts('expires_at').notNull(),
  sentAt: ts('sent_at').notNull().defaultNow(),
});

export const previewTokens = pgTable('preview_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  adId: bigint('ad_id', { mode: 'number' }).notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** An edit of a live ad waiting for review (migration 0006). */
export const adRevisions = pgTable('ad_revisions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  adId: bigint('ad_id', { mode: 'number' }).notNull(),
  fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
  state: text('state', {
    enum: ['pending', 'approved', 'rejected', 'merged', 'discarded'],
  }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  reviewedAt: ts('reviewed_at'),
  reviewedBy: uuid('reviewed_by'),
  rejectionCode: text('rejection_code'),
  rejectionReason: text('rejection_reason'),
});

/**
 * Idempotent requests (migration 0008): hashes only. `result` holds what is not
 * secret; `sealed` holds a secret of the answer (a new ad's edit token) sealed
 * under a key derived from the idempotency key itself.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    keyHash: text('key_hash').notNull(),
    requestHash: text('request_hash').notNull(),
    result: jsonb('result'),
    sealed: text('sealed'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.keyHash] })],
);
