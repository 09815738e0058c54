import { z } from 'zod';
import { adIdSchema } from '../../schemas/ads.js';
import { adStatsQuerySchema, adStatsSchema } from '../../schemas/ad-stats.js';
import { endpoint } from '../endpoint.js';

/** Each ad's statistics (issue 29): owner session or edit token, like the other ad calls. */
export const adStatsEndpoint = endpoint({
  method: 'GET',
  path: '/api/post/{id}/stats',
  summary:
    "The ad's appearances on city pages, page views and contact taps per day (UTC), oldest first, zeros included; 1 to 90 days (default 30).",
  tag: 'Ads',
  access: 'ad',
  rateLimit: { action: 'adEdit' },
  params: z.object({ id: adIdSchema }),
  query: adStatsQuerySchema,
  responses: { 200: adStatsSchema },
  errors: ['not_found', 'forbidden', 'rate_limited'],
});
