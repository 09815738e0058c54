import {
  verifyAdEmailBodySchema,
  verifyPhoneBodySchema,
  verifyPhoneCodeBodySchema,
  verifyResultSchema,
} from '../../schemas/ads.js';
import { endpoint } from '../endpoint.js';

/**
 * The activation page's calls. The phone calls spend their limit (per address
 * and per number) in the handler, once the ad and its number are known.
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
    "Texts a code to the ad's phone (owner, edit token or the mailed activation token); limit sendPhoneCode per address and per number.",
  tag,
  access: 'ad',
  body: verifyPhoneBodySchema,
  responses: { 200: verifyResultSchema },
  errors: ['refused', 'not_found', 'forbidden', 'rate_limited'],
});

export const checkPhoneCodeEndpoint = endpoint({
  method: 'POST',
  path: '/api/verify/phone-validate',
  summary:
    "Checks the texted code: the ad's phone is verified (owner, edit token or the mailed activation token); limit checkPhoneCode per address and per number.",
  tag,
  access: 'ad',
  body: verifyPhoneCodeBodySchema,
  responses: { 200: verifyResultSchema },
  errors: ['refused', 'not_found', 'forbidden', 'rate_limited'],
});
