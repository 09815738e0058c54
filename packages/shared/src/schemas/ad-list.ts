import { z } from 'zod';
import { adToolStateSchema } from './ad-tools.js';

/** One row of My Posts (SPEC.md section 3, "List row"). */
export const adListRowSchema = z.object({
  postId: z.string(),
  title: z.string(),
  location: z.string(),
  posted: z.string().nullable(),
  status: z.string(),
  expiresIn: z.string(),
  product: z.string().nullable(),
  type: z.string(),
  city: z.string(),
  /** The ad's country (its code): a visit goes to another city of it. */
  country: z.string(),
  /** When the ad's premium (featured) placement ends; null if it was never bought. */
  premiumUntil: z.string().nullable(),
  /** Whether its VIP time is paid for (false once refunded). */
  paid: z.boolean(),
  /** 'VIP, 30 days from approval' while paid days wait for approval. */
  paidNote: z.string().nullable(),
  /** An edit of the live ad waits for review. */
  pendingRevision: z.boolean(),
  /** 'Feature this ad' is offered: the lifecycle table's `featurable`, as on the ad. */
  featurable: z.boolean(),
  /** Why a moderator did not approve the ad (its reason's label and note); null unless rejected. */
  rejectionReason: z.string().nullable(),
  /** A rejected ad's payment may be refunded: the rejection mail's link asks for it. */
  refundOffered: z.boolean(),
  /** Pause, resume and 'Available now' (issue 29), as the lifecycle table allows them now. */
  tools: adToolStateSchema,
});
export type AdListRow = z.infer<typeof adListRowSchema>;
export const adListSchema = z.array(adListRowSchema);
