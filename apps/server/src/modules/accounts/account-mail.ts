import { z } from 'zod';
import type { Tx } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { SiteContext } from './account-deps.js';

export const accountMailKinds = ['password-reset', 'email-code', 'registration'] as const;
export type AccountMailKind = (typeof accountMailKinds)[number];

/** What the account-mail job is given: what was asked, for which email, from which site. */
export const accountMailJobSchema = z.object({
  kind: z.enum(accountMailKinds),
  email: z.string(),
  siteId: z.string(),
  appOrigin: z.string(),
});
export type AccountMailJob = z.infer<typeof accountMailJobSchema>;

/**
 * Hands what an email asked for (a reset link, a code, the answer to a
 * registration) to the account-mail job, in the request's transaction. It is the
 * same one insert whatever the email, and the request looks nothing up, so
 * neither the answer nor its time tells whether the email has an account: only
 * the job, after the answer, finds out and mails the owner (account-mail-job.ts).
 * The route wakes the job after the commit (`JobQueue.wake`).
 */
export async function queueAccountMail(
  tx: Tx,
  queue: JobQueue,
  ctx: SiteContext,
  kind: AccountMailKind,
  email: string,
): Promise<void> {
  const job: AccountMailJob = {
    kind,
    email: email.trim(),
    siteId: ctx.site.id,
    appOrigin: ctx.appOrigin,
  };
  await queue.send(tx, 'account-mail', job);
}
