import { z } from 'zod';
import { adStatuses, adTypes, refundStates } from '../ad-options.js';
import { roles } from '../limits.js';
import { moderationMessages } from '../moderation-messages.js';
import {
  auditTargetTypes,
  rejectionCodes,
  reportReasonCodes,
  type ReportReasonCode,
} from '../moderation.js';
import { rateSchema, weekHoursSchema } from './ad-rates.js';
import { adIdSchema } from './ads.js';
import { textSchema } from './common.js';
import { verificationPhotoCodeSchema } from '../verification-photo.js';

/**
 * The moderator API under /api/admin (issue 6): one contract for the console and
 * the server. Dates travel as ISO strings; sats as decimal strings.
 */

const pageSchema = z.coerce
  .number({ error: moderationMessages.pageInvalid })
  .int({ error: moderationMessages.pageInvalid })
  .min(1, { error: moderationMessages.pageInvalid })
  .max(10_000, { error: moderationMessages.pageInvalid })
  .default(1);
const filterError = { error: moderationMessages.filterUnknown };

export const adIdParamsSchema = z.object({ id: adIdSchema });
export const uuidParamsSchema = z.object({ id: z.uuid({ error: moderationMessages.notFound }) });

// ---- Queue and dashboard --------------------------------------------------------

export const queueQuerySchema = z.object({
  site: textSchema({ trim: false }).max(40).optional(),
  city: textSchema({ trim: false }).max(64).optional(),
  type: z.enum(adTypes, filterError).optional(),
  page: pageSchema,
});
export type QueueQuery = z.input<typeof queueQuerySchema>;

/** One ad waiting for a moderator: a review, open reports, or both. */
export const queueItemSchema = z.object({
  postId: z.string(),
  title: z.string(),
  siteId: z.string(),
  city: z.string(),
  cityName: z.string(),
  type: z.enum(adTypes),
  status: z.enum(adStatuses),
  paid: z.boolean(),
  submittedAt: z.string().nullable(),
  /** When the promise to the advertiser (or the report's promise) runs out. */
  deadline: z.string(),
  /** Seconds until the deadline; negative when overdue. */
  secondsLeft: z.number(),
  /** Why it is in the queue. */
  kind: z.enum(['review', 'revision', 'report']),
  openReports: z.number(),
  /** The most urgent open report's reason, if any. */
  topReport: z.enum(reportReasonCodes).nullable(),
  flagCount: z.number(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

/** A site the queue can be filtered by. */
export const queueSiteSchema = z.object({ id: z.string(), name: z.string() });
export type QueueSite = z.infer<typeof queueSiteSchema>;

export const queuePageSchema = z.object({
  items: z.array(queueItemSchema),
  /** Every site of the network, for the site filter. */
  sites: z.array(queueSiteSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type QueuePage = z.infer<typeof queuePageSchema>;

export const dashboardSchema = z.object({
  /** Ads in the review queue (in review, an edit waiting, or reported): the queue's total. */
  queued: z.number(),
  /** Of those, ads in review and edits of live ads. */
  waiting: z.number(),
  overdue: z.number(),
  oldestSubmittedAt: z.string().nullable(),
  approvedToday: z.number(),
  rejectedToday: z.number(),
  openReports: z.number(),
  urgentReports: z.number(),
  refundsToSend: z.number(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---- One ad under review ------------------------------------------------------------

export const reviewPhotoSchema = z.object({
  photoId: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  primary: z.boolean(),
  verification: z.boolean(),
  /** When it was uploaded (ISO): the date its paper shows should be that day. */
  uploadedAt: z.string(),
  /** Other ads that carry the same picture (perceptual hash). */
  sameOnAds: z.array(z.object({ postId: z.string(), ownerEmail: z.string().nullable() })),
  /** Added with an edit of the live ad: public only once the edit is approved. */
  pending: z.boolean(),
});

/** One field of a live ad's edit: what the public sees now, and what the edit proposes. */
export const revisionChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type RevisionChange = z.infer<typeof revisionChangeSchema>;

/** An edit of a live ad waiting for review (the public keeps the approved version meanwhile). */
export const pendingRevisionSchema = z.object({
  savedAt: z.string(),
  changes: z.array(revisionChangeSchema),
  /** How many photos came with the edit (marked `pending` in the photo list). */
  newPhotos: z.number(),
});
export type PendingRevision = z.infer<typeof pendingRevisionSchema>;

export const reviewFlagSchema = z.object({
  kind: z.enum([
    'refused_words',
    'phone_elsewhere',
    'email_elsewhere',
    'photo_elsewhere',
    'reports',
  ]),
  /** What moderators read, e.g. 'Refused words: ...'. */
  text: z.string(),
});
export type ReviewFlag = z.infer<typeof reviewFlagSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.enum(auditTargetTypes),
  targetId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const reportSchema = z.object({
  id: z.string(),
  postId: z.string(),
  adTitle: z.string(),
  reason: z.enum(reportReasonCodes),
  details: z.string(),
  priority: z.number(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolution: z.enum(['dismissed', 'ad_removed']).nullable(),
});
export type Report = z.infer<typeof reportSchema>;

export const reviewPaymentSchema = z.object({
  orderId: z.string(),
  product: z.string(),
  optionId: z.string(),
  status: z.string(),
  amountFiat: z.string(),
  currency: z.string(),
  amountSats: z.string(),
  receivedSats: z.string(),
  address: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});

export const adReviewSchema = z.object({
  postId: z.string(),
  siteId: z.string(),
  type: z.enum(adTypes),
  product: z.string().nullable(),
  status: z.enum(adStatuses),
  paid: z.boolean(),
  title: z.string(),
  /** Sanitised HTML, as the public page shows it. */
  descriptionHtml: z.string(),
  name: z.string(),
  age: z.number(),
  ethnicity: z.string().nullable(),
  business: z.string().nullable(),
  incalls: z.string().nullable(),
  outcalls: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
  backlink: z.string().nullable(),
  /** The rates table and weekly hours (content a moderator reviews too). */
  rates: z.array(rateSchema),
  hours: weekHoursSchema.nullable(),
  /** The day it goes public once approved (issue 29); null: at approval. */
  startsOn: z.string().nullable(),
  city: z.string(),
  cityName: z.string(),
  countryName: z.string(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  postedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  premiumUntil: z.string().nullable(),
  deadline: z.string().nullable(),
  rejectionCode: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  photos: z.array(reviewPhotoSchema),
  /** Free verified ads: the code the verification photo's paper must show; null for the other types. */
  verificationPhotoCode: verificationPhotoCodeSchema.nullable(),
  /** What the moderator may decide now (the server's lifecycle table answers). */
  decisions: z.object({
    approvable: z.boolean(),
    rejectable: z.boolean(),
    /** Approve and Reject act on the waiting edit of the live ad, not on the ad. */
    onRevision: z.boolean(),
  }),
  /** The edit of this live ad that waits for review; null when there is none. */
  revision: pendingRevisionSchema.nullable(),
  flags: z.array(reviewFlagSchema),
  owner: z
    .object({
      userId: z.string(),
      email: z.string(),
      role: z.enum(roles),
      banned: z.boolean(),
      createdAt: z.string(),
    })
    .nullable(),
  ownerAds: z.array(
    z.object({
      postId: z.string(),
      title: z.string(),
      status: z.enum(adStatuses),
      type: z.enum(adTypes),
    }),
  ),
  payments: z.array(reviewPaymentSchema),
  reports: z.array(reportSchema),
  history: z.array(auditEntrySchema),
});
export type AdReview = z.infer<typeof adReviewSchema>;

// ---- Decisions ------------------------------------------------------------------------

export const approveBodySchema = z.object({}).strict().or(z.undefined()).optional();

export const rejectBodySchema = z.object({
  code: z.enum(rejectionCodes, { error: moderationMessages.reasonCodeUnknown }).optional(),
  reason: textSchema({ lines: 'many', error: moderationMessages.reasonRequired })
    .min(3, { error: moderationMessages.reasonRequired })
    .max(2000, { error: moderationMessages.reasonTooLong }),
});
export type RejectBody = z.input<typeof rejectBodySchema>;

export const decisionResultSchema = z.object({
  success: z.literal(true),
  status: z.enum(adStatuses),
  /** Refund records created by a rejection (paid ads). */
  refunds: z.number().optional(),
});
export type DecisionResult = z.infer<typeof decisionResultSchema>;

export const dismissReportBodySchema = z.object({
  note: textSchema({ lines: 'many' }).max(2000).optional(),
});

export const reportListQuerySchema = z.object({
  state: z.enum(['open', 'resolved'], filterError).default('open'),
  page: pageSchema,
});

// ---- Users ------------------------------------------------------------------------------

export const userSearchQuerySchema = z.object({
  q: textSchema({ error: moderationMessages.searchTooShort })
    .min(3, { error: moderationMessages.searchTooShort })
    .max(254),
});

export const adminUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: z.enum(roles),
  banned: z.boolean(),
  bannedAt: z.string().nullable(),
  emailVerified: z.boolean(),
  siteId: z.string(),
  createdAt: z.string(),
  adCount: z.number(),
  /** Phone numbers used on the user's ads. */
  phones: z.array(z.string()),
  /** Authenticator apps that are on (issue 27): an admin may reset them. */
  secondFactors: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** What ban, unban and role answer: `{ success: true }` with the account as it is now. */
export const userActionResultSchema = z.object({
  success: z.literal(true),
  user: adminUserSchema,
});
export type UserActionResult = z.infer<typeof userActionResultSchema>;

export const banBodySchema = z.object({
  reason: textSchema({ lines: 'many', error: moderationMessages.reasonRequired })
    .min(3, { error: moderationMessages.reasonRequired })
    .max(2000, { error: moderationMessages.reasonTooLong }),
});
export const roleBodySchema = z.object({
  role: z.enum(roles, { error: moderationMessages.roleUnknown }),
});

// ---- Refunds and audit --------------------------------------------------------------

export const refundListQuerySchema = z.object({
  state: z.enum(refundStates, filterError).optional(),
  page: pageSchema,
});

export const adminRefundSchema = z.object({
  id: z.string(),
  postId: z.string(),
  orderId: z.string(),
  amountSats: z.string(),
  /**
   * The refunded amount in the site's currency at the order's locked rate
   * (2 decimals), with that currency; null when the order is not found.
   */
  amountFiat: z.string().nullable(),
  currency: z.string().nullable(),
  state: z.enum(refundStates),
  refundAddress: z.string().nullable(),
  sentTxid: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

export const markRefundSentBodySchema = z.object({
  txid: z
    .string({ error: moderationMessages.txidInvalid })
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, { error: moderationMessages.txidInvalid }),
});

/** What marking a refund sent answers: `{ success: true }` with the refund as it is now. */
export const refundActionResultSchema = z.object({
  success: z.literal(true),
  refund: adminRefundSchema,
});
export type RefundActionResult = z.infer<typeof refundActionResultSchema>;

export const auditQuerySchema = z.object({
  targetType: z.enum(auditTargetTypes, filterError).optional(),
  targetId: textSchema({ trim: false }).max(64).optional(),
  page: pageSchema,
});

export const listPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

// ---- Public pages and preview --------------------------------------------------------

export const reportBodySchema = z.object({
  reason: z.enum(reportReasonCodes, { error: moderationMessages.reportReasonUnknown }),
  details: textSchema({ lines: 'many' })
    .max(2000, { error: moderationMessages.reportDetailsTooLong })
    .default(''),
});
export type ReportBody = z.input<typeof reportBodySchema>;
export type { ReportReasonCode };
