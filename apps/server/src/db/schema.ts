import {
  adStatuses,
  adTypes,
  auditTargetTypes,
  contactKinds,
  messageChannels,
  messageKinds,
  outboxStatuses,
  refundReasons,
  refundStates,
  reportReasonCodes,
  secondFactorKinds,
  securityEventKinds,
  verificationPhotoCode,
  type Language,
  type Rate,
  type WeekHours,
} from '@adboard/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  customType,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Typed view of the tables the SQL migrations create (migrations are the source of truth). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A full-text document (never read as a value: only matched with @@). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The index predicate of a city's public ads (migration 0021): the part of
 * ad_is_visible an index may hold (no now()). The city listing says it word for word,
 * so the planner can use those indexes; the schema drift test holds it to the migration.
 */
export const cityPublicRows = sql`status = 'active' AND deleted_at IS NULL AND owner_shown`;

/**
 * What the city page's indexes hold besides their keys (migration 0022, INCLUDE, which
 * the query builder cannot say; the schema drift test holds the migration to this):
 * every column the visibility rule, the groups and the filters read, so that a page
 * is read from the index alone.
 */
const cityIndexColumns = [
  'expires_at',
  'premium_until',
  'age',
  'ethnicity',
  'business',
  'incalls',
  'outcalls',
  'available_until',
  'available_since',
];
export const cityIndexIncludes: Record<string, readonly string[]> = {
  ads_city_rotation_idx: ['listed_at', ...cityIndexColumns],
  ads_city_listed_idx: ['rotation_key', ...cityIndexColumns],
  ads_city_premium_idx: ['listing_group', 'listed_at', ...cityIndexColumns],
  ads_city_premium_listed_idx: ['listing_group', 'rotation_key', ...cityIndexColumns],
  ads_city_filters_idx: [
    'id',
    'listing_group',
    'premium_until',
    'listed_at',
    'rotation_key',
    'expires_at',
    'ethnicity',
    'business',
    'incalls',
    'outcalls',
    'available_until',
    'available_since',
  ],
  ads_city_available_idx: [
    'available_until',
    'listing_group',
    'premium_until',
    'listed_at',
    'rotation_key',
    'expires_at',
    'age',
    'ethnicity',
    'business',
    'incalls',
    'outcalls',
  ],
};

/** Migration 0012's default: one random character of `verificationPhotoCode` per place. */
const newVerificationPhotoCodeSql = Array.from(
  { length: verificationPhotoCode.length },
  () =>
    `substr('${verificationPhotoCode.alphabet}', 1 + floor(random() * ${verificationPhotoCode.alphabet.length})::int, 1)`,
).join(' || ');

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    countryCode: text('country_code').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    region: text('region').notNull(),
    tier: smallint('tier').notNull().default(1),
  },
  (t) => [
    foreignKey({
      name: 'cities_country_code_fkey',
      columns: [t.countryCode],
      foreignColumns: [countries.code],
    }),
    unique('cities_country_code_slug_key').on(t.countryCode, t.slug),
    check('cities_tier_check', sql`${t.tier} IN (1, 2)`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    emailNormalized: text('email_normalized').notNull().unique('users_email_normalized_key'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['advertiser', 'moderator', 'admin'] })
      .notNull()
      .default('advertiser'),
    siteId: text('site_id').notNull(),
    emailVerifiedAt: ts('email_verified_at'),
    bannedAt: ts('banned_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** The language its mails and SMS are written in (migration 0027); null: the brand's. */
    language: text('language').$type<Language>(),
    /** The owner deleted the account (migration 0019): closed at once. */
    deletedAt: ts('deleted_at'),
    /** The erasure job replaced its personal data, the grace period after `deletedAt`. */
    erasedAt: ts('erased_at'),
  },
  (t) => [
    check('users_role_check', sql`${t.role} IN ('advertiser', 'moderator', 'admin')`),
    check(
      'users_erased_after_deleted_check',
      sql`${t.erasedAt} IS NULL OR ${t.deletedAt} IS NOT NULL`,
    ),
    index('users_banned_idx')
      .on(t.id)
      .where(sql`${t.bannedAt} IS NOT NULL`),
    index('users_awaiting_erasure_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL AND ${t.erasedAt} IS NULL`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull().unique('sessions_token_hash_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** The User-Agent it was created with, cut to 512 characters (migration 0016); null before. */
    userAgent: text('user_agent'),
  },
  (t) => [
    check('sessions_user_agent_length_check', sql`char_length(${t.userAgent}) <= 512`),
    foreignKey({
      name: 'sessions_user_id_fkey',
      columns: [t.userId],
      foreignColumns: [users.id],
    }).onDelete('cascade'),
    index('sessions_user_idx').on(t.userId),
  ],
);

export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'email_codes_user_id_fkey',
      columns: [t.userId],
      foreignColumns: [users.id],
    }).onDelete('cascade'),
    index('email_codes_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

/** A change of email waiting for the code mailed to the new address (migration 0018). */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    newEmail: text('new_email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('email_changes_new_email_check', sql`char_length(${t.newEmail}) <= 254`),
    foreignKey({
      name: 'email_changes_user_id_fkey',
      columns: [t.userId],
      foreignColumns: [users.id],
    }).onDelete('cascade'),
    index('email_changes_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull().unique('password_resets_token_hash_key'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'password_resets_user_id_fkey',
      columns: [t.userId],
      foreignColumns: [users.id],
    }).onDelete('cascade'),
  ],
);

export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: messageChannels }).notNull(),
    siteId: text('site_id').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    status: text('status', { enum: outboxStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    /** When a queued message is due; a worker's claim moves it forward (a lease). */
    nextAttemptAt: ts('next_attempt_at').defaultNow(),
    /** A person waits for it at a screen (a code, a link): claimed before the rest. */
    waitedFor: boolean('waited_for').notNull().default(false),
    /** What it is (migration 0015): the operator finds it without reading it; null before. */
    kind: text('kind', { enum: messageKinds }),
    /** When the code or link it carries stops working; null for a message without one. */
    expiresAt: ts('expires_at'),
  },
  (t) => [
    check('outbox_messages_channel_check', sql`${t.channel} IN ('email', 'sms')`),
    check(
      'outbox_messages_status_check',
      sql`${t.status} IN ('queued', 'sent', 'stored', 'failed')`,
    ),
    index('outbox_messages_recipient_idx').on(t.recipient, t.createdAt.desc().nullsFirst()),
    index('outbox_messages_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('outbox_messages_due_idx')
      .on(t.waitedFor.desc().nullsFirst(), t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
  ],
);

/** Ad ids start at 100001 and are never reused. */
export const adsIdSeq = pgSequence('ads_id_seq', { startWith: 100001 });

export const ads = pgTable(
  'ads',
  {
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .default(sql`nextval('ads_id_seq')`),
    siteId: text('site_id').notNull(),
    ownerId: uuid('owner_id'),
    /**
     * The owner is an account that is not banned (migration 0022): a copy of the ban
     * kept on the ad by triggers, so the public pages read it from their indexes.
     */
    ownerShown: boolean('owner_shown').notNull().default(false),
    /** The language it was posted in (migration 0027): its poster's mails without an account. */
    language: text('language').$type<Language>(),
    email: text('email').notNull(),
    emailNormalized: text('email_normalized').notNull(),
    type: text('type', { enum: adTypes }).notNull(),
    status: text('status', { enum: adStatuses }).notNull().default('incomplete'),
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
    /** The rates table, in order (migration 0023; shape: schemas/ad-rates.ts). */
    rates: jsonb('rates')
      .$type<Rate[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Weekly hours, every day said; null when none were given (migration 0023). */
    hours: jsonb('hours').$type<WeekHours>(),
    /** Since when its owner paused it (migration 0024); null unless paused. */
    pausedAt: ts('paused_at'),
    /** The day (UTC) an approved ad goes public, YYYY-MM-DD; null: at approval. */
    startsOn: date('starts_on', { mode: 'string' }),
    /** 'Available now' until then (migration 0024); cleared once passed by the lifecycle job. */
    availableUntil: ts('available_until'),
    availableSince: ts('available_since'),
    /** The starts of 'Available now' in the last 24 hours. */
    availableStarts: ts('available_starts')
      .array()
      .notNull()
      .default(sql`'{}'`),
    product: text('product'),
    paid: boolean('paid').notNull().default(false),
    approved: boolean('approved').notNull().default(false),
    flags: jsonb('flags')
      .$type<AdFlag[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
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
    /** What the verification photo's paper shows (migration 0012), drawn by the database; shown for free verified ads. */
    verificationPhotoCode: text('verification_photo_code')
      .notNull()
      .default(sql.raw(`(${newVerificationPhotoCodeSql})`)),
    /** Published or last renewed (migration 0021): the recommended order's last day first. */
    listedAt: ts('listed_at'),
    /** 1 paid, 2 free: the city page's group, less a running premium (group 0, read at query time). */
    listingGroup: smallint('listing_group')
      .notNull()
      .generatedAlwaysAs(sql`CASE WHEN type IN ('paid', 'premium') THEN 1 ELSE 2 END`),
    /** The ad's place in the city page's rotation. */
    rotationKey: integer('rotation_key')
      .notNull()
      .generatedAlwaysAs(sql`hashint8(id)`),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, description_text), 'B')`,
    ),
  },
  (t) => [
    foreignKey({ name: 'ads_owner_id_fkey', columns: [t.ownerId], foreignColumns: [users.id] }),
    foreignKey({
      name: 'ads_country_code_city_slug_fkey',
      columns: [t.countryCode, t.citySlug],
      foreignColumns: [cities.countryCode, cities.slug],
    }),
    foreignKey({
      name: 'ads_reviewed_by_fkey',
      columns: [t.reviewedBy],
      foreignColumns: [users.id],
    }),
    check('ads_type_check', sql`${t.type} IN ('free', 'free_verified', 'paid', 'premium')`),
    check(
      'ads_status_check',
      sql`${t.status} IN ('incomplete', 'pending', 'active', 'rejected', 'payment_pending', 'expired', 'deleted', 'paused', 'scheduled')`,
    ),
    check('ads_age_check', sql`${t.age} >= 19 AND ${t.age} <= 99`),
    check('ads_paid_days_check', sql`${t.paidDays} >= 0`),
    check('ads_premium_days_check', sql`${t.premiumDays} >= 0`),
    check('ads_rates_check', sql`jsonb_typeof(${t.rates}) = 'array'`),
    check('ads_hours_check', sql`${t.hours} IS NULL OR jsonb_typeof(${t.hours}) = 'object'`),
    check(
      'ads_public_contacts_check',
      sql`cardinality(${t.publicContacts}) >= 1
        AND array_ndims(${t.publicContacts}) = 1
        AND ${t.publicContacts} <@ ARRAY['call', 'text', 'email']::text[]`,
    ),
    index('ads_owner_idx')
      .on(t.ownerId, t.createdAt.desc().nullsFirst())
      .where(sql`${t.ownerId} IS NOT NULL`),
    index('ads_anonymous_email_idx')
      .on(t.emailNormalized)
      .where(sql`${t.ownerId} IS NULL`),
    uniqueIndex('ads_edit_token_idx')
      .on(t.editTokenHash)
      .where(sql`${t.editTokenHash} IS NOT NULL`),
    // One ad per backlink (deleted ads free their link).
    uniqueIndex('ads_backlink_key_idx')
      .on(t.backlinkKey)
      .where(sql`${t.backlinkKey} IS NOT NULL AND ${t.status} <> 'deleted'`),
    index('ads_status_idx').on(t.status, t.submittedAt),
    // Migration 0022; each also holds the columns of `cityIndexIncludes` (INCLUDE).
    index('ads_city_rotation_idx')
      .on(t.countryCode, t.citySlug, t.siteId, t.listingGroup, t.rotationKey, t.id)
      .where(cityPublicRows),
    index('ads_city_listed_idx')
      .on(t.countryCode, t.citySlug, t.siteId, t.listingGroup, t.listedAt, t.id)
      .where(cityPublicRows),
    index('ads_city_premium_idx')
      .on(t.countryCode, t.citySlug, t.siteId, t.rotationKey, t.id)
      .where(sql`${cityPublicRows} AND premium_until IS NOT NULL`),
    index('ads_city_premium_listed_idx')
      .on(t.countryCode, t.citySlug, t.siteId, t.listedAt, t.id)
      .where(sql`${cityPublicRows} AND premium_until IS NOT NULL`),
    index('ads_city_filters_idx')
      .on(
        t.countryCode,
        t.citySlug,
        t.siteId,
        sql`(coalesce(${t.ethnicity}, ''))`,
        sql`(coalesce(${t.business}, ''))`,
        sql`(coalesce(${t.incalls}, ''))`,
        sql`(coalesce(${t.outcalls}, ''))`,
        t.age,
      )
      .where(cityPublicRows),
    index('ads_city_available_idx')
      .on(t.countryCode, t.citySlug, t.siteId, t.availableSince, t.id)
      .where(sql`${cityPublicRows} AND available_until IS NOT NULL`),
    index('ads_scheduled_idx')
      .on(t.startsOn)
      .where(sql`${t.status} = 'scheduled'`),
    index('ads_city_search_idx')
      .using('gin', sql`(array_to_tsvector(ARRAY[${t.citySlug}]) || ${t.searchVector})`)
      .where(cityPublicRows),
    index('ads_pending_idx')
      .on(t.submittedAt)
      .where(sql`${t.status} = 'pending'`),
    index('ads_active_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'active'`),
    index('ads_phone_e164_idx')
      .on(t.phoneE164)
      .where(sql`${t.phoneE164} IS NOT NULL`),
    index('ads_email_normalized_idx').on(t.emailNormalized),
  ],
);

/** Something moderators should look at; never a change to the ad itself. */
export interface AdFlag {
  kind: 'refused_words';
  words: string[];
}

export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adId: bigint('ad_id', { mode: 'number' }).notNull(),
    phoneE164: text('phone_e164').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'phone_codes_ad_id_fkey',
      columns: [t.adId],
      foreignColumns: [ads.id],
    }).onDelete('cascade'),
    index('phone_codes_ad_idx').on(t.adId, t.createdAt.desc().nullsFirst()),
  ],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    adId: bigint('ad_id', { mode: 'number' }),
    userId: uuid('user_id'),
    siteId: text('site_id').notNull(),
    data: jsonb('data')
      .$type<Record<string, string | number | boolean>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('analytics_events_name_idx').on(t.name, t.createdAt)],
);

export const photos = pgTable(
  'photos',
  {
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
  },
  (t) => [
    foreignKey({
      name: 'photos_ad_id_fkey',
      columns: [t.adId],
      foreignColumns: [ads.id],
    }).onDelete('cascade'),
    index('photos_ad_idx').on(t.adId, t.position),
    uniqueIndex('photos_one_primary_idx')
      .on(t.adId)
      .where(sql`${t.isPrimary}`),
    index('photos_phash_idx').on(t.phash),
  ],
);

export const paymentOrders = pgTable(
  'payment_orders',
  {
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
    addressIndex: integer('address_index').notNull().unique('payment_orders_address_index_key'),
    address: text('address').notNull().unique('payment_orders_address_key'),
    status: text('status', { enum: ['assigned', 'processing', 'complete'] })
      .notNull()
      .default('assigned'),
    receivedSats: bigint('received_sats', { mode: 'bigint' }).notNull().default(0n),
    confirmedSats: bigint('confirmed_sats', { mode: 'bigint' }).notNull().default(0n),
    expiresAt: ts('expires_at').notNull(),
    completedAt: ts('completed_at'),
    nextCheckAt: ts('next_check_at'),
    checkFailures: integer('check_failures').notNull().default(0),
    appliedSats: bigint('applied_sats', { mode: 'bigint' }).notNull().default(0n),
    lastCheckedAt: ts('last_checked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'payment_orders_ad_id_fkey',
      columns: [t.adId],
      foreignColumns: [ads.id],
    }),
    check('payment_orders_product_check', sql`${t.product} IN ('paid', 'premium')`),
    check('payment_orders_amount_sats_check', sql`${t.amountSats} > 0`),
    check(
      'payment_orders_status_check',
      sql`${t.status} IN ('assigned', 'processing', 'complete')`,
    ),
    check('payment_orders_applied_sats_check', sql`${t.appliedSats} >= 0`),
    index('payment_orders_ad_idx').on(t.adId, t.createdAt.desc().nullsFirst()),
    index('payment_orders_due_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.nextCheckAt} IS NOT NULL`),
  ],
);

export const paymentOutputs = pgTable(
  'payment_outputs',
  {
    txid: text('txid').notNull(),
    vout: integer('vout').notNull(),
    orderId: uuid('order_id').notNull(),
    sats: bigint('sats', { mode: 'bigint' }).notNull(),
    confirmed: boolean('confirmed').notNull(),
    blockHeight: integer('block_height'),
    firstSeenAt: ts('first_seen_at').notNull().defaultNow(),
    goneAt: ts('gone_at'),
  },
  (t) => [
    primaryKey({ name: 'payment_outputs_pkey', columns: [t.txid, t.vout] }),
    foreignKey({
      name: 'payment_outputs_order_id_fkey',
      columns: [t.orderId],
      foreignColumns: [paymentOrders.id],
    }).onDelete('cascade'),
    index('payment_outputs_order_idx').on(t.orderId),
  ],
);

export const paymentOrderHistory = pgTable(
  'payment_order_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    receivedSats: bigint('received_sats', { mode: 'bigint' }).notNull(),
    confirmedSats: bigint('confirmed_sats', { mode: 'bigint' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'payment_order_history_order_id_fkey',
      columns: [t.orderId],
      foreignColumns: [paymentOrders.id],
    }).onDelete('cascade'),
    index('payment_order_history_order_idx').on(t.orderId, t.id),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    adId: bigint('ad_id', { mode: 'number' }).notNull(),
    amountSats: bigint('amount_sats', { mode: 'bigint' }).notNull(),
    state: text('state', { enum: refundStates }).notNull().default('awaiting_address'),
    reason: text('reason', { enum: refundReasons }).notNull().default('rejected'),
    refundAddress: text('refund_address'),
    addressTokenHash: text('address_token_hash').notNull().unique('refunds_address_token_hash_key'),
    sentTxid: text('sent_txid'),
    createdAt: ts('created_at').notNull().defaultNow(),
    addressGivenAt: ts('address_given_at'),
    sentAt: ts('sent_at'),
  },
  (t) => [
    foreignKey({
      name: 'refunds_order_id_fkey',
      columns: [t.orderId],
      foreignColumns: [paymentOrders.id],
    }),
    foreignKey({ name: 'refunds_ad_id_fkey', columns: [t.adId], foreignColumns: [ads.id] }),
    check('refunds_amount_sats_check', sql`${t.amountSats} > 0`),
    check(
      'refunds_state_check',
      sql`${t.state} IN ('offered', 'awaiting_address', 'ready', 'sent', 'cancelled')`,
    ),
    check(
      'refunds_reason_check',
      sql`${t.reason} IN ('rejected', 'not_payable', 'excess', 'deleted', 'underpaid')`,
    ),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_ad_idx').on(t.adId),
  ],
);

export const adReports = pgTable(
  'ad_reports',
  {
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
  },
  (t) => [
    foreignKey({ name: 'ad_reports_ad_id_fkey', columns: [t.adId], foreignColumns: [ads.id] }),
    foreignKey({
      name: 'ad_reports_resolved_by_fkey',
      columns: [t.resolvedBy],
      foreignColumns: [users.id],
    }),
    check(
      'ad_reports_reason_check',
      sql`${t.reason} IN ('underage', 'trafficking', 'scam', 'not_the_person', 'wrong_contact', 'explicit', 'other')`,
    ),
    check('ad_reports_resolution_check', sql`${t.resolution} IN ('dismissed', 'ad_removed')`),
    index('ad_reports_open_idx')
      .on(t.priority, t.createdAt)
      .where(sql`${t.resolvedAt} IS NULL`),
    index('ad_reports_ad_idx').on(t.adId, t.createdAt.desc().nullsFirst()),
  ],
);

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE (migration 0005). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type', { enum: auditTargetTypes }).notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'audit_log_actor_id_fkey',
      columns: [t.actorId],
      foreignColumns: [users.id],
    }),
    check(
      'audit_log_target_type_check',
      sql`${t.targetType} IN ('ad', 'user', 'refund', 'report', 'order', 'message')`,
    ),
    check('audit_log_actor_check', sql`${t.actorId} IS NOT NULL OR ${t.actorEmail} LIKE 'cli:%'`),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id.desc().nullsFirst()),
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

export const adExpiryNotices = pgTable(
  'ad_expiry_notices',
  {
    adId: bigint('ad_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['week', 'day', 'expired'] }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ad_expiry_notices_pkey', columns: [t.adId, t.kind, t.expiresAt] }),
    foreignKey({
      name: 'ad_expiry_notices_ad_id_fkey',
      columns: [t.adId],
      foreignColumns: [ads.id],
    }),
    check('ad_expiry_notices_kind_check', sql`${t.kind} IN ('week', 'day', 'expired')`),
  ],
);

export const previewTokens = pgTable(
  'preview_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    adId: bigint('ad_id', { mode: 'number' }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'preview_tokens_ad_id_fkey',
      columns: [t.adId],
      foreignColumns: [ads.id],
    }),
    index('preview_tokens_expiry_idx').on(t.expiresAt),
  ],
);

/** An edit of a live ad waiting for review (migration 0006). */
export const adRevisions = pgTable(
  'ad_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adId: bigint('ad_id', { mode: 'number' }).notNull(),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    state: text('state', {
      enum: ['pending', 'approved', 'rejected', 'merged', 'discarded'],
    })
      .notNull()
      .default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    reviewedAt: ts('reviewed_at'),
    reviewedBy: uuid('reviewed_by'),
    rejectionCode: text('rejection_code'),
    rejectionReason: text('rejection_reason'),
  },
  (t) => [
    foreignKey({ name: 'ad_revisions_ad_id_fkey', columns: [t.adId], foreignColumns: [ads.id] }),
    foreignKey({
      name: 'ad_revisions_reviewed_by_fkey',
      columns: [t.reviewedBy],
      foreignColumns: [users.id],
    }),
    check(
      'ad_revisions_state_check',
      sql`${t.state} IN ('pending', 'approved', 'rejected', 'merged', 'discarded')`,
    ),
    uniqueIndex('ad_revisions_pending_idx')
      .on(t.adId)
      .where(sql`${t.state} = 'pending'`),
    index('ad_revisions_ad_idx').on(t.adId, t.id.desc().nullsFirst()),
  ],
);

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
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.scope, t.keyHash] }),
    // The lifecycle job deletes rows older than a day.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/** `IN ('a', 'b')` of one shared list, so a check and its list cannot differ. */
function quotedList(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

/**
 * An authenticator app (migration 0017), its secret sealed (totp-secret-box.ts), or a
 * passkey (migration 0020), its public key.
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: secondFactorKinds }).notNull(),
    name: text('name').notNull(),
    /** An app's secret, sealed; null for a passkey. */
    secretSealed: text('secret_sealed'),
    /** Null: a set-up still waiting for its first code. */
    confirmedAt: ts('confirmed_at'),
    /** The newest RFC 6238 time step accepted: a code is taken once, on every server. */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    lastUsedAt: ts('last_used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** A passkey's credential id, public key (COSE, base64url), counter and transports. */
    credentialId: text('credential_id').unique('second_factors_credential_id_key'),
    publicKey: text('public_key'),
    signCount: bigint('sign_count', { mode: 'number' }),
    transports: text('transports'),
  },
  (t) => [
    check('second_factors_kind_check', sql`${t.kind} IN (${quotedList(secondFactorKinds)})`),
    check(
      'second_factors_kind_fields_check',
      sql`(${t.kind} = 'totp' AND ${t.secretSealed} IS NOT NULL AND ${t.credentialId} IS NULL) OR (${t.kind} = 'passkey' AND ${t.secretSealed} IS NULL AND ${t.credentialId} IS NOT NULL AND ${t.publicKey} IS NOT NULL AND ${t.signCount} IS NOT NULL AND ${t.confirmedAt} IS NOT NULL)`,
    ),
    check('second_factors_name_check', sql`char_length(${t.name}) BETWEEN 1 AND 60`),
    foreignKey({
      name: 'second_factors_user_id_fkey',
      columns: [t.userId],
      foreignColumns: [users.id],
    }).onDelete('cascade'),
    index('second_factors_user_idx').on(t.userId),
  ],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'recovery_codes_user_id_fkey',
      columns: [t.userId],
      foreignColumns: [users.id],
    }).onDelete('cascade'),
    index('recovery_codes_user_idx').on(t.userId),
  ],
);

export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull().unique('sign_in_challenges_token_hash_key'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'sign_in_challenges_user_id_fkey',
      columns: [t.userId],
      foreignColumns: [users.id],
    }).onDelete('cascade'),
    index('sign_in_challenges_user_idx').on(t.userId),
  ],
);

/** Why a passkey ceremony was started (migration 0020). */
export const passkeyCeremonyPurposes = ['register', 'sign-in', 'second-step', 'reauth'] as const;
export type PasskeyCeremonyPurpose = (typeof passkeyCeremonyPurposes)[number];

/** A WebAuthn ceremony's challenge, kept on the server, answered once (migration 0020). */
export const passkeyCeremonies = pgTable(
  'passkey_ceremonies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: passkeyCeremonyPurposes }).notNull(),
    userId: uuid('user_id'),
    siteId: text('site_id').notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'passkey_ceremonies_purpose_check',
      sql`${t.purpose} IN (${quotedList(passkeyCeremonyPurposes)})`,
    ),
    foreignKey({
      name: 'passkey_ceremonies_user_id_fkey',
      columns: [t.userId],
      foreignColumns: [users.id],
    }).onDelete('cascade'),
    index('passkey_ceremonies_expires_idx').on(t.expiresAt),
  ],
);

export const rememberedDevices = pgTable(
  'remembered_devices',
  {
    userId: uuid('user_id').notNull(),
    deviceHash: text('device_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'remembered_devices_pkey', columns: [t.userId, t.deviceHash] }),
    foreignKey({
      name: 'remembered_devices_user_id_fkey',
      columns: [t.userId],
      foreignColumns: [users.id],
    }).onDelete('cascade'),
  ],
);

export const securityEvents = pgTable(
  'security_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    siteId: text('site_id').notNull(),
    kind: text('kind', { enum: securityEventKinds }).notNull(),
    detail: text('detail'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('security_events_kind_check', sql`${t.kind} IN (${quotedList(securityEventKinds)})`),
    check('security_events_detail_check', sql`char_length(${t.detail}) <= 200`),
    foreignKey({
      name: 'security_events_user_id_fkey',
      columns: [t.userId],
      foreignColumns: [users.id],
    }).onDelete('cascade'),
    index('security_events_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

/** Each ad's counts per UTC day (issue 29, migration 0025): nothing of a visitor is kept. */
export const adStats = pgTable(
  'ad_stats',
  {
    adId: bigint('ad_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    appearances: integer('appearances').notNull().default(0),
    views: integer('views').notNull().default(0),
    callTaps: integer('call_taps').notNull().default(0),
    textTaps: integer('text_taps').notNull().default(0),
    emailTaps: integer('email_taps').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'ad_stats_pkey', columns: [t.adId, t.day] }),
    foreignKey({
      name: 'ad_stats_ad_id_fkey',
      columns: [t.adId],
      foreignColumns: [ads.id],
    }).onDelete('cascade'),
    check('ad_stats_appearances_check', sql`${t.appearances} >= 0`),
    check('ad_stats_views_check', sql`${t.views} >= 0`),
    check('ad_stats_call_taps_check', sql`${t.callTaps} >= 0`),
    check('ad_stats_text_taps_check', sql`${t.textTaps} >= 0`),
    check('ad_stats_email_taps_check', sql`${t.emailTaps} >= 0`),
    index('ad_stats_day_idx').on(t.day),
  ],
);

/** A live VIP ad's visit to another city (issue 29, migration 0026), its days in UTC. */
export const adVisits = pgTable(
  'ad_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adId: bigint('ad_id', { mode: 'number' }).notNull(),
    countryCode: text('country_code').notNull(),
    citySlug: text('city_slug').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'ad_visits_ad_id_fkey',
      columns: [t.adId],
      foreignColumns: [ads.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'ad_visits_city_fkey',
      columns: [t.countryCode, t.citySlug],
      foreignColumns: [cities.countryCode, cities.slug],
    }),
    check(
      'ad_visits_days_check',
      sql`${t.endsOn} >= ${t.startsOn} AND ${t.endsOn} - ${t.startsOn} < 14`,
    ),
    index('ad_visits_city_idx').on(t.countryCode, t.citySlug, t.endsOn, t.startsOn),
    index('ad_visits_ad_idx').on(t.adId),
  ],
);
