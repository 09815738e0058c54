import type { Language, MessageKind, SecurityEventKind } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import { siteById } from '../sites/site-by-id.js';
import type { SiteConfig } from '../sites/site-registry.js';
import { securityNoticeMail, type MailContent } from './mail-templates.js';
import { insertSecurityEvent } from './security-event-repository.js';
import { languageOfAccount } from './keep-account-language.js';

/** What changed, and a short detail a person reads (a device's or an app's name). */
export interface SecurityEvent {
  kind: SecurityEventKind;
  detail?: string;
  /**
   * A notice of its own, in place of the generic one: a change whose mail says more
   * (the password, the email: account-notices.ts), built for the account's brand, in
   * the reader's language.
   */
  notice?: { kind: MessageKind; mail: (brand: SiteConfig, language: Language) => MailContent };
}

/** The account an event belongs to, as every caller has it. */
export interface SecurityEventAccount {
  id: string;
  email: string;
  siteId: string;
  /** The account's kept language (issue 30): its notices are written in it. */
  language: Language | null;
}

const DETAIL_MAX_LENGTH = 200;

/**
 * Records a security change of the account (issue 27) and, in the same transaction,
 * queues the notice mail through the outbox: a factor added or removed, a recovery
 * code used, new recovery codes, a sign-in from a new device, an operator's reset, a
 * password or email change. The mail wears the account's own brand, whichever site
 * the request came through (`site` is used only when it is the account's). It never
 * holds a secret: the kind, the time and the detail.
 */
export async function recordSecurityEvent(
  tx: Tx,
  deps: { queue: JobQueue },
  user: SecurityEventAccount,
  site: SiteConfig,
  event: SecurityEvent,
): Promise<void> {
  const brand = site.id === user.siteId ? site : siteById(user.siteId);
  const detail = event.detail?.slice(0, DETAIL_MAX_LENGTH) ?? null;
  await insertSecurityEvent(tx.db, { userId: user.id, siteId: brand.id, kind: event.kind, detail });
  const mail = event.notice
    ? event.notice.mail(brand, languageOfAccount(brand, user))
    : securityNoticeMail(brand, languageOfAccount(brand, user), event.kind, detail);
  await enqueueMessage(tx, deps.queue, {
    channel: 'email',
    kind: event.notice?.kind ?? 'security_notice',
    siteId: brand.id,
    to: user.email,
    ...mail,
  });
}
