import { z } from 'zod';
import { adStatuses } from '../ad-options.js';

/** POST /api/post/{id}/renew: the ad's status after the renewal ('pending': back to review). */
export const renewPostResultSchema = z.object({
  success: z.literal(true),
  status: z.enum(adStatuses),
});
export type RenewPostResult = z.infer<typeof renewPostResultSchema>;
