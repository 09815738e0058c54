import { z } from 'zod';

/**
 * The body of every refusal (4xx, 5xx): `{ success: false, error }` with the
 * catalogue message; per field what is wrong when the input was refused; for a
 * login whose email still needs its code, `verifyEmail`.
 */
export const apiErrorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  verifyEmail: z.boolean().optional(),
  /** A moderator or admin without a second factor, held at the console's door (issue 27). */
  secondFactorRequired: z.boolean().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
