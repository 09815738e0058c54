import type { Language } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import { siteById } from '../sites/site-by-id.js';
import {
  accountDeletedMail,
  emailChangedMail,
  emailChangeRequestedMail,
  passwordChangedMail,
} from './mail-templates.js';
import { recordSecurityEvent } from './security-events.js';
import { languageOfAccount } from './keep-account-language.js';

/** The account a notice goes to: its address and the site it belongs to (the mail's brand). */
export interface NoticedAccount {
  id: string;
  email: string;
  siteId: string;
  /** The account's kept language (issue 30): its notices are written in it. */
  language: Language | null;
}

/*
 * The security notices of the account page (issue 27), one function per notice, each
 * queued through the outbox in the change's own transaction (no change, no notice).
 * A change made (the password, the email) is a security event (recordSecurityEvent,
 * which the data download lists) whose mail is its own notice, not the generic one.
 */

/** The password was changed on the account page. */
export async function noticePasswordChanged(
  tx: Tx,
  queue: JobQueue,
  account: NoticedAccount,
): Promise<void> {
  await recordSecurityEvent(tx, { queue }, account, siteById(account.siteId), {
    kind: 'password_changed',
    notice: { kind: 'password_changed', mail: passwordChangedMail },
  });
}

/** The account was deleted (its own mail: what came down, the day of the erasure). */
export async function noticeAccountDeleted(
  tx: Tx,
  queue: JobQueue,
  account: NoticedAccount,
  eraseFrom: Date,
): Promise<void> {
  await recordSecurityEvent(tx, { queue }, account, siteById(account.siteId), {
    kind: 'account_deleted',
    notice: {
      kind: 'account_deleted',
      mail: (brand, language) => accountDeletedMail(brand, language, eraseFrom),
    },
  });
}

/** To the old address: a change of email to `newEmail` waits for its code. */
export async function noticeEmailChangeRequested(
  tx: Tx,
  queue: JobQueue,
  account: NoticedAccount,
  newEmail: string,
): Promise<void> {
  const site = siteById(account.siteId);
  await enqueueMessage(tx, queue, {
    channel: 'email',
    kind: 'email_change_requested',
    siteId: site.id,
    to: account.email,
    ...emailChangeRequestedMail(site, languageOfAccount(site, account), newEmail),
  });
}

/** To the old address (`account.email`, as it was): the email is now `newEmail`. */
export async function noticeEmailChanged(
  tx: Tx,
  queue: JobQueue,
  account: NoticedAccount,
  newEmail: string,
): Promise<void> {
  await recordSecurityEvent(tx, { queue }, account, siteById(account.siteId), {
    kind: 'email_changed',
    notice: {
      kind: 'email_changed',
      mail: (brand, language) => emailChangedMail(brand, language, newEmail),
    },
  });
}
