import { z } from 'zod';
import { adIdSchema } from '../../schemas/ads.js';
import { adToolResultSchema, availableBodySchema } from '../../schemas/ad-tools.js';
import { endpoint, type EndpointSpec } from '../endpoint.js';

/** The advertiser's tools of issue 29: owner session or edit token, like the other ad calls. */
const adTool = {
  tag: 'Ads',
  access: 'ad',
  changesAds: true,
  rateLimit: { action: 'adEdit' },
  params: z.object({ id: adIdSchema }),
  responses: { 200: adToolResultSchema },
  errors: ['not_found', 'forbidden', 'conflict', 'rate_limited'],
} as const satisfies Omit<EndpointSpec, 'method' | 'path' | 'summary'>;

export const pauseAdEndpoint = endpoint({
  ...adTool,
  method: 'POST',
  path: '/api/post/{id}/pause',
  summary: 'Pauses a public ad: off every public page at once, its paid time held.',
});

export const resumeAdEndpoint = endpoint({
  ...adTool,
  method: 'POST',
  path: '/api/post/{id}/resume',
  summary: 'Resumes a paused ad: public again at once, no new review, its held time running.',
});

export const startAvailableEndpoint = endpoint({
  ...adTool,
  method: 'POST',
  path: '/api/post/{id}/available',
  summary:
    "Marks a public ad 'Available now' for 1 to 8 hours (at most 3 starts in 24 hours): a badge, and first in its group.",
  body: availableBodySchema,
});

export const endAvailableEndpoint = endpoint({
  ...adTool,
  method: 'DELETE',
  path: '/api/post/{id}/available',
  summary: "Ends 'Available now' before its time.",
});
