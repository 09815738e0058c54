import { z } from 'zod';
import { rejectionCodes } from '../moderation.js';
import { adToolStateSchema } from './ad-tools.js';

/**
 * One row of My Posts (SPEC.md section 3, "List row"). It carries facts, never words: the
 * app says the status, the time left, the days held and the rejection's reason in its own
 * language (badges.ts), so a cached row reads right after a switch of language.
 */
export const adListRowSchema = z.object({
  postId: z.string(),
  title: z.string(),
  location: z.string(),
  posted: z.string().nullable(),
  status: z.string(),
  /**
   * Whole days the ad has left (a paused ad: the days it holds), 0 once its time is over;
   * null with no expiry yet. Said as 'expired', '12 days', '3 months' (`describeExpiry`).
   */
  daysLeft: z.number().int().min(0).nullable(),
  product: z.string().nullable(),
  type: z.string(),
  city: z.string(),
  /** The ad's country (its code): a visit goes to another city of it. */
  country: z.string(),
  /** When the ad's premium (featured) placement ends; null if it was never bought. */
  premiumUntil: z.string().nullable(),
  /** Whether its VIP time is paid for (false once refunded). */
  paid: z.boolean(),
  /**
   * VIP and premium days paid for and held until the ad is approved (0: none), said as
   * 'VIP, 30 days from approval' (`heldTimeSaid`).
   */
  heldPaidDays: z.number().int().min(0),
  heldPremiumDays: z.number().int().min(0),
  /** An edit of the live ad waits for review. */
  pendingRevision: z.boolean(),
  /** 'Feature this ad' is offered: the lifecycle table's `featurable`, as on the ad. */
  featurable: z.boolean(),
  /** The reason a moderator chose for not approving the ad; null unless rejected with one. */
  rejectionCode: z.enum(rejectionCodes).nullable(),
  /** The moderator's own words to the advertiser, as written; null unless rejected with some. */
  rejectionNote: z.string().nullable(),
  /** A rejected ad's payment may be refunded: the rejection mail's link asks for it. */
  refundOffered: z.boolean(),
  /** Pause, resume and 'Available now' (issue 29), as the lifecycle table allows them now. */
  tools: adToolStateSchema,
});
export type AdListRow = z.infer<typeof adListRowSchema>;
export const adListSchema = z.array(adListRowSchema);
