import { validateAdBodySchema, validateAdResultSchema } from '../../schemas/ads.js';
import { endpoint } from '../endpoint.js';

export const validateAdEndpoint = endpoint({
  method: 'POST',
  path: '/validate/ad',
  // Only looks (and fetches the advertiser's page): no transaction is held open for it.
  writes: false,
  summary:
    "The ad form's checks on blur: a dialable phone, a free backlink whose page links here (a field not sent answers true).",
  tag: 'Ads',
  access: 'anyone',
  rateLimit: { action: 'validateAd' },
  body: validateAdBodySchema,
  responses: { 200: validateAdResultSchema },
  errors: ['rate_limited'],
});
