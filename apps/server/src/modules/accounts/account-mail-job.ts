import type { Tx } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { SiteConfig } from '../sites/site-registry.js';
import { accountMailJobSchema } from './account-mail.js';
import { mailRegistration } from './register-user.js';
import { mailPasswordReset } from './request-password-reset.js';
import { mailEmailCode } from './resend-email-code.js';

export interface AccountMailJobDeps {
  queue: JobQueue;
  siteById: (id: string) => SiteConfig;
}

/**
 * The account-mail job: looks up the account of the email a request named and
 * mails its owner what fits it, in the job's transaction (the mail goes out
 * through the outbox, so it commits with the token or code it carries). An
 * email with no account gets nothing.
 */
export async function sendAccountMail(
  tx: Tx,
  deps: AccountMailJobDeps,
  data: unknown,
): Promise<void> {
  const job = accountMailJobSchema.parse(data);
  const ctx = { site: deps.siteById(job.siteId), appOrigin: job.appOrigin };
  switch (job.kind) {
    case 'password-reset':
      return mailPasswordReset(tx, deps.queue, ctx, job.email);
    case 'email-code':
      return mailEmailCode(tx, deps.queue, ctx, job.email);
    case 'registration':
      return mailRegistration(tx, deps.queue, ctx, job.email);
  }
}
