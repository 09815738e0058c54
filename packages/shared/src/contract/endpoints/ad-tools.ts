import { z } from 'zod';
import { adIdSchema } from '../../schemas/ads.js';
import { adToolResultSchema, availableBodySchema } from '../../schemas/ad-tools.js';
import { visitsBodySchema, visitsResultSchema } from '../../schemas/ad-visits.js';
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

export const putVisitsEndpoint = endpoint({
  ...adTool,
  method: 'PUT',
  path: '/api/post/{id}/visits',
  summary:
    "Plans a live VIP ad's visits to other cities (the whole list; up to 3 of 1 to 14 days, within its paid time).",
  body: visitsBodySchema,
  responses: { 200: visitsResultSchema },
  errors: ['not_found', 'forbidden', 'conflict', 'rate_limited'],
});

export const getVisitsEndpoint = endpoint({
  ...adTool,
  changesAds: undefined,
  method: 'GET',
  path: '/api/post/{id}/visits',
  summary: "The ad's visits to other cities not over yet, in order.",
  responses: { 200: visitsResultSchema },
  errors: ['not_found', 'forbidden', 'rate_limited'],
});
