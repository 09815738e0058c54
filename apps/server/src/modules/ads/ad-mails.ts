import { adLimits, mailMessages, type Language, type Said } from '@adboard/shared';
import type { SiteConfig } from '../sites/site-registry.js';
import { brandedMail, type MailContent } from '../accounts/mail-templates.js';

export interface AdLinks {
  adId: string;
  activationLink: string;
  /** Anonymous ads only: the edit link and the link to own the ad with an account. */
  editLink: string | null;
  registerLink: string | null;
}

/** The mail every new ad sends: confirm the email (and then the phone), and, when posted without an account, how to come back. */
export function adCreatedMail(site: SiteConfig, language: Language, links: AdLinks): MailContent {
  const { subject, lines } = mailMessages.adCreated;
  const paragraphs: Said[] = [
    lines.thanks({ adId: links.adId, site: site.name }),
    lines.confirm({ link: links.activationLink }),
  ];
  if (links.editLink) {
    paragraphs.push(lines.editLink({ days: adLimits.editLinkDays, link: links.editLink }));
  }
  if (links.registerLink) {
    paragraphs.push(lines.register({ link: links.registerLink }));
  }
  return brandedMail(site, language, subject({ adId: links.adId }), paragraphs);
}
