import { z } from 'zod';
import { adStatuses } from '../ad-options.js';

/** POST /api/post/{id}/renew: the ad's status after the renewal ('pending': back to review). */
export const renewAdResultSchema = z.object({
  success: z.literal(true),
  status: z.enum(adStatuses),
});
export type RenewAdResult = z.infer<typeof renewAdResultSchema>;
