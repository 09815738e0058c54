import {
  dateFormatsFor,
  isFreeType,
  lifecycleMessages,
  type AdType,
  type Language,
  type Said,
} from '@adboard/shared';
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

const utcFormats = dateFormatsFor({ timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' });

/** One time zone for every reader of the mail: UTC, and it says so, in the mail's language. */
export function formatExpiry(date: Date, language: Language): string {
  return `${utcFormats(language).format(date)} UTC`;
}

const m = lifecycleMessages.mail;

/** A free ad renews for free; a paid one through the payment view. */
function renewText(type: AdType): Said {
  return isFreeType(type) ? m.renewFree : m.renewPaid;
}

/** The expiry's mail in `language`: the ad named, when, and how to renew. */
function expiryMail(
  site: SiteConfig,
  language: Language,
  ad: ExpiringAd,
  texts: { subject: Said; body: Said },
  link: string,
): MailContent {
  return brandedMail(site, language, texts.subject, [texts.body, renewText(ad.type)], link);
}

export function expiryReminderMail(
  site: SiteConfig,
  language: Language,
  ad: ExpiringAd,
  kind: ReminderKind,
  link: string,
): MailContent {
  const adId = String(ad.id);
  const when = formatExpiry(ad.expiresAt, language);
  return expiryMail(
    site,
    language,
    ad,
    {
      subject: kind === 'week' ? m.weekSubject({ adId }) : m.daySubject({ adId }),
      body: m.reminderBody({ adId, title: ad.title, when }),
    },
    link,
  );
}

export function adExpiredMail(
  site: SiteConfig,
  language: Language,
  ad: ExpiringAd,
  link: string,
): MailContent {
  const adId = String(ad.id);
  const when = formatExpiry(ad.expiresAt, language);
  return expiryMail(
    site,
    language,
    ad,
    { subject: m.expiredSubject({ adId }), body: m.expiredBody({ adId, title: ad.title, when }) },
    link,
  );
}
