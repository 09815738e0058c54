import { userStatusSchema } from '../../schemas/session.js';
import { endpoint } from '../endpoint.js';

/** The session check every screen makes (AuthProvider): apart from the account forms' endpoints. */
export const userStatusEndpoint = endpoint({
  method: 'GET',
  path: '/api/user/status',
  summary: 'Whether the request is signed in, and as whom (email, id, role).',
  tag: 'Accounts',
  access: 'anyone',
  responses: { 200: userStatusSchema },
  errors: [],
});
