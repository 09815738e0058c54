import { z } from 'zod';

/**
 * What the ad's lifecycle allows now and what it holds, as the server's
 * transition table answers it (GET /api/post/{id}): screens ask this instead
 * of deciding from the status themselves.
 */
export const adLifecycleSchema = z.object({
  /** A VIP payment may be made now (new ad, renewal). */
  payable: z.boolean(),
  premiumPayable: z.boolean(),
  /**
   * 'Feature this ad' is offered: premium may be bought and the ad is live or waits
   * only for approval (not a draft, not an unpaid VIP ad).
   */
  featurable: z.boolean(),
  editable: z.boolean(),
  /** Saving keeps the ad live: the edit waits for a moderator. */
  editNeedsReview: z.boolean(),
  submittable: z.boolean(),
  /** A VIP ad with nothing paid (awaiting payment, or refunded) may become a free ad. */
  freeTypeChoosable: z.boolean(),
  /** Rejected, and may be sent for review again (free, or its payment kept). */
  resubmittable: z.boolean(),
  renewable: z.boolean(),
  /** An edit of the live ad waits for review. */
  pendingRevision: z.boolean(),
  /** Why the last edit of the live ad was not approved, if it was not. */
  revisionRejection: z.string().nullable(),
  /** VIP and premium days paid for and held until the ad is approved. */
  heldPaidDays: z.number().int(),
  heldPremiumDays: z.number().int(),
  /** Premium placement running now (only ever on a public ad). */
  featured: z.boolean(),
});
export type AdLifecycleView = z.infer<typeof adLifecycleSchema>;
