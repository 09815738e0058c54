import { z } from 'zod';
import { previewLinkSchema } from '../../schemas/admin.js';
import { adIdSchema } from '../../schemas/ads.js';
import { endpoint } from '../endpoint.js';

const tag = 'Public pages';
const idParams = z.object({ id: adIdSchema });

export const createPreviewLinkEndpoint = endpoint({
  method: 'POST',
  path: '/api/post/{id}/preview',
  summary: "A short-lived link to the ad's public page in any state, with a preview token.",
  tag,
  access: 'ad',
  rateLimit: { action: 'adEdit' },
  params: idParams,
  responses: { 200: previewLinkSchema },
  errors: ['not_found', 'forbidden', 'rate_limited'],
});
