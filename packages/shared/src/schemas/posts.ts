import { z } from 'zod';

/** One row of My Posts (SPEC.md section 3, "List row"). */
export const postListRowSchema = z.object({
  postId: z.string(),
  title: z.string(),
  location: z.string(),
  posted: z.string().nullable(),
  status: z.string(),
  expiresIn: z.string(),
  product: z.string().nullable(),
  type: z.string(),
  city: z.string(),
  /** When the ad's premium (featured) placement ends; null if it was never bought. */
  premiumUntil: z.string().nullable(),
});
export type PostListRow = z.infer<typeof postListRowSchema>;
export const postListSchema = z.array(postListRowSchema);
