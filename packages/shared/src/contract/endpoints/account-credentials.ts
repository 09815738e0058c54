import {
  accountPasswordBodySchema,
  emailChangeBodySchema,
  emailChangeConfirmBodySchema,
  emailChangedResultSchema,
} from '../../schemas/account-credentials.js';
import { doneSchema } from '../../schemas/common.js';
import { endpoint } from '../endpoint.js';

const tag = 'Accounts';

/** The account page's Password section (issue 27). */
export const changeAccountPasswordEndpoint = endpoint({
  method: 'POST',
  path: '/api/account/password',
  summary:
    'Changes the password: the current one (a wrong one counts as a failed sign-in) and the new one; ends every other session, mails a notice.',
  tag,
  access: 'user',
  rateLimit: { action: 'accountPassword', account: 'user' },
  body: accountPasswordBodySchema,
  responses: { 200: doneSchema },
  errors: ['unauthorized', 'refused', 'rate_limited'],
});

/** The account page's Email section, first step (issue 27; ASVS 5.0 7.5.1). */
export const requestEmailChangeEndpoint = endpoint({
  method: 'POST',
  path: '/api/account/email',
  summary:
    'Asks to change the email with the current password: a code to the new address, a notice to the old one; the email stays until confirmed. Answers alike whether or not another account uses the address.',
  tag,
  access: 'user',
  rateLimit: { action: 'emailChange', account: 'user' },
  body: emailChangeBodySchema,
  responses: { 200: doneSchema },
  errors: ['unauthorized', 'refused', 'rate_limited'],
});

/** The account page's Email section, second step. */
export const confirmEmailChangeEndpoint = endpoint({
  method: 'POST',
  path: '/api/account/email/confirm',
  summary:
    'Confirms the asked-for email change with the mailed code (15 minutes, 5 tries); the old address is told.',
  tag,
  access: 'user',
  rateLimit: { action: 'emailChangeConfirm', account: 'user' },
  body: emailChangeConfirmBodySchema,
  responses: { 200: emailChangedResultSchema },
  errors: ['unauthorized', 'refused', 'rate_limited'],
});
