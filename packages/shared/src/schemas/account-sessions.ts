import { z } from 'zod';
import { accountMessages as accountSaid } from '../i18n/catalogues/account/index.js';
import { tagsOf } from '../i18n/said.js';

const accountMessages = tagsOf(accountSaid);

/** One live session of the signed-in account, as the account page lists it. */
export const accountSessionSchema = z.object({
  id: z.uuid(),
  /** "Chrome on Windows", made from the user agent it signed in with. */
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session making the request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResultSchema = z.object({
  success: z.literal(true),
  email: z.string(),
  /** Newest activity first. */
  sessions: z.array(accountSessionSchema),
});
export type AccountSessionsResult = z.infer<typeof accountSessionsResultSchema>;

export const sessionIdParamsSchema = z.object({
  id: z.uuid({ error: accountMessages.sessions.notFound }),
});
