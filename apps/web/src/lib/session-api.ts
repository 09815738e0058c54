import {
  keepAccountLanguageEndpoint,
  userStatusEndpoint,
  type Language,
  type UserStatus,
} from '@adboard/shared';
import { call } from './client';

/**
 * Whether the stored session is still signed in, and as whom (GET /api/user/status).
 * Apart from the account forms' calls (account-api.ts): every screen makes this one,
 * and it should not load the sign-in and sign-up schemas with it.
 */
export function getUserStatus(): Promise<UserStatus> {
  return call(userStatusEndpoint, {});
}

/** Keeps the language menu's choice on the signed-in account (PUT /api/account/language). */
export async function keepAccountLanguage(language: Language): Promise<void> {
  await call(keepAccountLanguageEndpoint, { body: { language } });
}
