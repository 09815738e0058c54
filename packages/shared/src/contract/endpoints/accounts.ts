import {
  changePasswordBodySchema,
  loginBodySchema,
  loginResultSchema,
  registerBodySchema,
  registerResultSchema,
  resendCodeBodySchema,
  resetPasswordBodySchema,
  verifyEmailBodySchema,
  verifyEmailResultSchema,
} from '../../schemas/account.js';
import { endpoint } from '../endpoint.js';
import { doneSchema } from '../../schemas/common.js';

const tag = 'Accounts';

export const registerEndpoint = endpoint({
  method: 'POST',
  path: '/api/user/register',
  summary:
    'Registers an account and mails its code; with the edit token of an ad whose link proved the email, signs in at once.',
  tag,
  access: 'anyone',
  rateLimit: { action: 'register', account: 'body-email-from-client' },
  body: registerBodySchema,
  responses: { 200: registerResultSchema },
  errors: ['refused', 'rate_limited'],
});

export const verifyEmailEndpoint = endpoint({
  method: 'POST',
  path: '/api/user/verifyemail',
  summary: 'Checks the mailed code: the email is verified and the user signed in.',
  tag,
  access: 'anyone',
  rateLimit: { action: 'verifyEmail', account: 'body-email' },
  body: verifyEmailBodySchema,
  responses: { 200: verifyEmailResultSchema },
  errors: ['refused', 'rate_limited'],
});

export const resendCodeEndpoint = endpoint({
  method: 'POST',
  path: '/api/user/resendcode',
  summary: 'Mails a new code to an account whose email is not verified yet.',
  tag,
  access: 'anyone',
  rateLimit: { action: 'resendCode', account: 'body-email-from-client' },
  body: resendCodeBodySchema,
  responses: { 200: doneSchema },
  errors: ['rate_limited'],
});

export const loginEndpoint = endpoint({
  method: 'POST',
  path: '/api/user/login',
  summary: 'Signs in with email and password; answers the session token.',
  tag,
  access: 'anyone',
  // Attempts per address here; wrong passwords per address, account and device
  // in the use case (loginLockout), where the account and its device cookie are known.
  rateLimit: { action: 'login' },
  body: loginBodySchema,
  responses: { 200: loginResultSchema },
  errors: ['unauthorized', 'forbidden', 'rate_limited'],
});

export const logoutEndpoint = endpoint({
  method: 'POST',
  path: '/api/user/logout',
  summary: 'Ends the session the request presents (none: nothing to end).',
  tag,
  access: 'anyone',
  responses: { 200: doneSchema },
  errors: [],
});

export const resetPasswordEndpoint = endpoint({
  method: 'POST',
  path: '/api/user/resetpassword',
  summary: 'Mails a password reset link; answers the same whether the account exists or not.',
  tag,
  access: 'anyone',
  rateLimit: { action: 'resetPassword', account: 'body-email-from-client' },
  body: resetPasswordBodySchema,
  responses: { 200: doneSchema },
  errors: ['rate_limited'],
});

export const changePasswordEndpoint = endpoint({
  method: 'POST',
  path: '/api/user/changepassword',
  summary: "Sets a new password with the reset link's token; ends every session of the account.",
  tag,
  access: 'anyone',
  rateLimit: { action: 'changePassword', account: 'body-email-from-client' },
  body: changePasswordBodySchema,
  responses: { 200: doneSchema },
  errors: ['refused', 'gone', 'rate_limited'],
});
