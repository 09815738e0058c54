import { z } from 'zod';
import { adIdSchema } from '../../schemas/ads.js';
import { endpoint } from '../endpoint.js';

const tag = 'Public pages';
const idParams = z.object({ id: adIdSchema });

/**
 * A link to the ad's public page with a short-lived preview token. Here, not with the
 * console's schemas: the owner's screens ask for it too, and a file's schemas are all
 * built when it loads.
 */
export const previewLinkSchema = z.object({ url: z.string() });
export type PreviewLink = z.infer<typeof previewLinkSchema>;

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
