import { z } from 'zod';
import { secondStepMessages } from '../i18n/catalogues/second-step/index.js';
import { tagsOf } from '../i18n/said.js';

const secondStep = tagsOf(secondStepMessages.twoStep);
import { adStatuses, adTypes, refundReasons, refundStates } from '../ad-options.js';
import { roles } from '../limits.js';
import { passwordSchema } from './account.js';
import { rateSchema, weekHoursSchema } from './ad-rates.js';
import { paymentReceiptSchema } from './payments.js';
import { secondFactorCodeSchema, securityEventKinds } from './second-factors.js';
import { passkeyAssertionSchema } from './webauthn.js';

/**
 * The body of the calls that ask for the password again (the data download, the
 * deletion): re-authentication in the same request, with a current code of the
 * account's second factor when it has one (the server's preparePasswordAndFactor).
 */
export const passwordAndFactorBodySchema = z
  .object({
    password: passwordSchema,
    code: secondFactorCodeSchema.optional(),
    /** A passkey's answer instead of a code (POST /api/account/passkeys/reauth-options). */
    passkey: passkeyAssertionSchema.optional(),
  })
  .refine((body) => body.code === undefined || body.passkey === undefined, {
    error: secondStep.codeInvalid,
    path: ['code'],
  });
export type PasswordAndFactorBody = z.infer<typeof passwordAndFactorBodySchema>;
/** The same body as the browser sends it. */
export type PasswordAndFactorInput = z.input<typeof passwordAndFactorBodySchema>;

/** The format name and version the file states, so a reader knows what it holds. */
export const accountDataFormat = 'adboard.account-data.v1';

/** The download's file name: `account-data-2025-01-31.json` (the day it was made, UTC). */
export function accountDataFileName(at: Date): string {
  return `account-data-${at.toISOString().slice(0, 10)}.json`;
}

const time = z.string();
const nullableTime = time.nullable();

const exportedPhotoSchema = z.object({
  id: z.string(),
  primary: z.boolean(),
  verification: z.boolean(),
  /** A signed link the owner can open for an hour or two; null once the ad is deleted. */
  url: z.string().nullable(),
  createdAt: time,
});

const exportedAdSchema = z.object({
  id: z.string(),
  siteId: z.string(),
  type: z.enum(adTypes),
  status: z.enum(adStatuses),
  title: z.string(),
  description: z.string(),
  name: z.string(),
  age: z.number().int(),
  email: z.string(),
  phone: z.string(),
  ethnicity: z.string().nullable(),
  business: z.string().nullable(),
  incalls: z.string().nullable(),
  outcalls: z.string().nullable(),
  backlink: z.string().nullable(),
  country: z.string(),
  city: z.string(),
  publicContacts: z.array(z.string()),
  rates: z.array(rateSchema),
  hours: weekHoursSchema.nullable(),
  product: z.string().nullable(),
  paid: z.boolean(),
  createdAt: time,
  postedAt: nullableTime,
  expiresAt: nullableTime,
  deletedAt: nullableTime,
  photos: z.array(exportedPhotoSchema),
});

const exportedOrderSchema = z.object({
  id: z.string(),
  adId: z.string(),
  product: z.enum(['paid', 'premium']),
  optionId: z.string(),
  days: z.number().int(),
  currency: z.string(),
  amountFiat: z.string(),
  /** BTC, as every screen writes it. */
  amountCrypto: z.string(),
  address: z.string(),
  status: z.enum(['assigned', 'processing', 'complete']),
  receivedCrypto: z.string(),
  confirmedCrypto: z.string(),
  createdAt: time,
  completedAt: nullableTime,
});

const exportedRefundSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  adId: z.string(),
  amountCrypto: z.string(),
  state: z.enum(refundStates),
  reason: z.enum(refundReasons),
  refundAddress: z.string().nullable(),
  sentTxid: z.string().nullable(),
  createdAt: time,
  sentAt: nullableTime,
});

const exportedSessionSchema = z.object({
  id: z.string(),
  /** "Chrome on Windows", and the User-Agent header it was named from. */
  device: z.string(),
  userAgent: z.string().nullable(),
  createdAt: time,
  lastSeenAt: time,
  expiresAt: time,
  endedAt: nullableTime,
});

/** A security change of the account: a factor, recovery codes, a new device, the password or email. */
const exportedSecurityEventSchema = z.object({
  kind: z.enum(securityEventKinds),
  detail: z.string().nullable(),
  at: time,
});

/**
 * "Download my data" (issue 27): everything the site keeps about the signed-in account,
 * and nothing of any other account, and no secret (no password hash, no token or code).
 * Each section is one entry here and one reader on the server (account-data-sections.ts).
 */
export const accountDataExportSchema = z.object({
  format: z.literal(accountDataFormat),
  exportedAt: time,
  account: z.object({
    id: z.string(),
    email: z.string(),
    role: z.enum(roles),
    siteId: z.string(),
    createdAt: time,
    emailVerifiedAt: nullableTime,
  }),
  ads: z.array(exportedAdSchema),
  orders: z.array(exportedOrderSchema),
  receipts: z.array(paymentReceiptSchema),
  refunds: z.array(exportedRefundSchema),
  sessions: z.array(exportedSessionSchema),
  securityEvents: z.array(exportedSecurityEventSchema),
});
export type AccountDataExport = z.infer<typeof accountDataExportSchema>;
