import { userStatusEndpoint, type UserStatus } from '@adboard/shared';
import { call } from './client';

/**
 * Whether the stored session is still signed in, and as whom (GET /api/user/status).
 * Apart from the account forms' calls (account-api.ts): every screen makes this one,
 * and it should not load the sign-in and sign-up schemas with it.
 */
export function getUserStatus(): Promise<UserStatus> {
  return call(userStatusEndpoint, {});
}
