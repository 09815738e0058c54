import { isFreeType, lifecycleMessages, type AdType } from '@adboard/shared';
import { brandedMail, type MailContent } from '../accounts/mail-templates.js';
import type { SiteConfig } from '../sites/site-registry.js';

/** The ad as a lifecycle mail names it. */
export interface ExpiringAd {
  id: number;
  title: string;
  type: AdType;
  expiresAt: Date;
}

export type ReminderKind = 'week' | 'day';

const utcFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** One time zone for every reader of the mail: UTC, and it says so. */
export function formatExpiry(date: Date): string {
  return `${utcFormat.format(date)} UTC`;
}

/** A free ad renews for free; a paid one through the payment view. */
function renewText(type: AdType): string {
  return isFreeType(type) ? lifecycleMessages.mail.renewFree : lifecycleMessages.mail.renewPaid;
}

export function expiryReminderMail(
  site: SiteConfig,
  ad: ExpiringAd,
  kind: ReminderKind,
  link: string,
): MailContent {
  const id = String(ad.id);
  const subject =
    kind === 'week'
      ? lifecycleMessages.mail.weekSubject(id)
      : lifecycleMessages.mail.daySubject(id);
  return brandedMail(
    site,
    subject,
    [
      lifecycleMessages.mail.reminderBody(id, ad.title, formatExpiry(ad.expiresAt)),
      renewText(ad.type),
    ],
    link,
  );
}

export function adExpiredMail(site: SiteConfig, ad: ExpiringAd, link: string): MailContent {
  const id = String(ad.id);
  return brandedMail(
    site,
    lifecycleMessages.mail.expiredSubject(id),
    [
      lifecycleMessages.mail.expiredBody(id, ad.title, formatExpiry(ad.expiresAt)),
      renewText(ad.type),
    ],
    link,
  );
}
