import { z } from 'zod';
import { languages } from '../i18n/languages.js';
import { roles } from '../limits.js';

/**
 * The session as every screen meets it: the signed-in user the browser keeps, and
 * the server's answer to "who is this?". Apart from the account forms' schemas
 * (account.ts), so that the app's first screen builds only these.
 */

/** The signed-in user as the browser keeps it. */
export const sessionUserSchema = z.object({
  token: z.string(),
  email: z.string(),
  user_id: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const userStatusSchema = z.object({
  ok: z.boolean(),
  email: z.string().optional(),
  userId: z.string().optional(),
  role: z.enum(roles).optional(),
  /** An authenticator app or a passkey is on (issue 27): staff without one are held at the console's door. */
  secondFactor: z.boolean().optional(),
  /**
   * The account's site requires a second factor of it (staff always; advertisers per
   * the site's rule) and it has none: ad changes are refused until one is set up.
   */
  secondFactorMissing: z.boolean().optional(),
  /**
   * The language the account keeps (issue 30): the one it registered in, then the menu's
   * last choice while signed in; null when it keeps none (an account older than that).
   */
  language: z.enum(languages).nullable().optional(),
});
export type UserStatus = z.infer<typeof userStatusSchema>;
