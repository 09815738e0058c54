import { accountLanguageBodySchema } from '../../schemas/account-language.js';
import { doneSchema } from '../../schemas/common.js';
import { endpoint } from '../endpoint.js';

/**
 * The language menu's choice while signed in (issue 30): the account keeps it, so its
 * mails and SMS, and its screens on another browser, speak it.
 */
export const keepAccountLanguageEndpoint = endpoint({
  method: 'PUT',
  path: '/api/account/language',
  summary:
    "Keeps the language menu's choice on the signed-in account: its mails, SMS and screens then speak it.",
  tag: 'Accounts',
  access: 'user',
  rateLimit: { action: 'accountLanguage', account: 'user' },
  body: accountLanguageBodySchema,
  responses: { 200: doneSchema },
  errors: ['unauthorized', 'rate_limited'],
});
