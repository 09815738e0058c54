import {
  accountDataExportSchema,
  passwordAndFactorBodySchema,
} from '../../schemas/account-data.js';
import { doneSchema } from '../../schemas/common.js';
import { endpoint } from '../endpoint.js';

const tag = 'Accounts';

/**
 * "Download my data" (issue 27): the password again in the body, and a current code
 * when the account has a second factor (a code is used up, so the call writes); the
 * answer a JSON file (Content-Disposition: attachment, `accountDataFileName`).
 */
export const exportAccountDataEndpoint = endpoint({
  method: 'POST',
  path: '/api/account/data-export',
  summary:
    "The signed-in account's data as a JSON download (account, ads and photo links, orders, receipts, refunds, sessions, security events); asks for the password, and a code when a second factor is on.",
  tag,
  access: 'user',
  rateLimit: { action: 'accountData', account: 'user' },
  body: passwordAndFactorBodySchema,
  responses: { 200: accountDataExportSchema },
  errors: ['unauthorized', 'forbidden', 'rate_limited'],
});

/**
 * "Delete account" (issue 27): asks for the password, and a current code when the
 * account has a second factor; takes every ad down (the
 * advertiser's own delete), closes the account at once, erases its personal data after
 * `limits.accountErasureGraceDays`.
 */
export const deleteAccountEndpoint = endpoint({
  method: 'POST',
  path: '/api/account/delete',
  summary:
    'Deletes the signed-in account: its ads come down, every session ends, its personal data is erased after the grace period; asks for the password, and a code when a second factor is on.',
  tag,
  access: 'user',
  rateLimit: { action: 'accountData', account: 'user' },
  body: passwordAndFactorBodySchema,
  responses: { 200: doneSchema },
  errors: ['unauthorized', 'forbidden', 'rate_limited'],
});
