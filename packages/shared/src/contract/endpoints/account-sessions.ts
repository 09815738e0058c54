import {
  accountSessionsResultSchema,
  sessionIdParamsSchema,
} from '../../schemas/account-sessions.js';
import { doneSchema } from '../../schemas/common.js';
import { endpoint } from '../endpoint.js';

const tag = 'Accounts';

/** The account page's "Where you're signed in" (issue 27, OWASP ASVS 7.5.2). */
export const listAccountSessionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/account/sessions',
  summary:
    "The signed-in account's email and live sessions: device, start, last use, and which is this one.",
  tag,
  access: 'user',
  rateLimit: { action: 'accountSessions', account: 'user' },
  responses: { 200: accountSessionsResultSchema },
  errors: ['unauthorized', 'rate_limited'],
});

export const endAccountSessionEndpoint = endpoint({
  method: 'POST',
  path: '/api/account/sessions/{id}/end',
  summary:
    "Ends one of the caller's own sessions (the current one too: a sign-out); any other id is 404.",
  tag,
  access: 'user',
  rateLimit: { action: 'accountSessions', account: 'user' },
  params: sessionIdParamsSchema,
  responses: { 200: doneSchema },
  errors: ['unauthorized', 'not_found', 'rate_limited'],
});

export const endOtherAccountSessionsEndpoint = endpoint({
  method: 'POST',
  path: '/api/account/sessions/end-others',
  summary: "Ends every session of the caller's account but the one making the request.",
  tag,
  access: 'user',
  rateLimit: { action: 'accountSessions', account: 'user' },
  responses: { 200: doneSchema },
  errors: ['unauthorized', 'rate_limited'],
});
