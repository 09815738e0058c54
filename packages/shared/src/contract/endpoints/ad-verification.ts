import { z } from 'zod';
import {
  adIdSchema,
  verifyAdEmailBodySchema,
  verifyPhoneBodySchema,
  verifyPhoneCodeBodySchema,
  verifyResultSchema,
} from '../../schemas/ads.js';
import { adActivationSchema } from '../../schemas/journey.js';
import { endpoint } from '../endpoint.js';

/**
 * The activation page's calls. The phone calls spend their limits (per address,
 * and per ad) in the handler, once the ad and its number are known.
 */
const tag = 'Ad verification';

export const verifyAdEmailEndpoint = endpoint({
  method: 'POST',
  path: '/api/verify/email',
  summary: "The ad's activation link: proves its email; says whether the phone step follows.",
  tag,
  access: 'anyone',
  rateLimit: { action: 'verifyAdEmail' },
  body: verifyAdEmailBodySchema,
  responses: { 200: verifyResultSchema },
  errors: ['refused', 'rate_limited'],
});

export const sendPhoneCodeEndpoint = endpoint({
  method: 'POST',
  path: '/api/verify/phone',
  summary:
    "Texts a code to the ad's phone (owner, edit token or the mailed activation token): once while a code is live, or a new one with `resend`; at most adLimits.smsCodesPerHour per ad, adLimits.smsResendWaitSeconds apart (429), and sendPhoneCode per address.",
  tag,
  access: 'ad',
  changesAds: true,
  body: verifyPhoneBodySchema,
  responses: { 200: verifyResultSchema },
  errors: ['refused', 'not_found', 'forbidden', 'rate_limited'],
});

export const checkPhoneCodeEndpoint = endpoint({
  method: 'POST',
  path: '/api/verify/phone-validate',
  summary:
    "Checks the texted code: the ad's phone is verified (owner, edit token or the mailed activation token); limit checkPhoneCode per address and per ad.",
  tag,
  access: 'ad',
  changesAds: true,
  body: verifyPhoneCodeBodySchema,
  responses: { 200: verifyResultSchema },
  errors: ['refused', 'not_found', 'forbidden', 'rate_limited'],
});

/** The page after an anonymous submission: where the mails went and how long each link and code lasts. */
export const adActivationEndpoint = endpoint({
  method: 'GET',
  path: '/api/post/{id}/activation',
  summary:
    "What the ad's mail holds: the address it went to, each link with its lifetime, and the SMS code's lifetime and resend limits (owner or edit token).",
  tag,
  access: 'ad',
  rateLimit: { action: 'adEdit' },
  params: z.object({ id: adIdSchema }),
  responses: { 200: adActivationSchema },
  errors: ['not_found', 'forbidden', 'rate_limited'],
});
