import { z } from 'zod';
import { adIdSchema } from '../../schemas/ads.js';
import { renewAdResultSchema } from '../../schemas/lifecycle.js';
import { endpoint } from '../endpoint.js';

export const renewAdEndpoint = endpoint({
  method: 'POST',
  path: '/api/post/{id}/renew',
  summary:
    'Renews a free ad: a live one runs 30 days from now, an expired one goes back to review.',
  tag: 'Ads',
  access: 'ad',
  changesAds: true,
  rateLimit: { action: 'adEdit' },
  params: z.object({ id: adIdSchema }),
  responses: { 200: renewAdResultSchema },
  errors: ['not_found', 'forbidden', 'conflict', 'rate_limited'],
});
