import { adLimits } from '@adboard/shared';
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
export function adCreatedMail(site: SiteConfig, links: AdLinks): MailContent {
  const paragraphs = [
    `Thank you for posting ad #${links.adId} on ${site.name}.`,
    `Confirm your email address and phone number with this link: ${links.activationLink}`,
  ];
  if (links.editLink) {
    paragraphs.push(
      `Keep this edit link to change your ad later (it works for ${adLimits.editLinkDays} days): ${links.editLink}`,
    );
  }
  if (links.registerLink) {
    paragraphs.push(
      `Ads go public only when their poster has an account. Set a password here to own this ad: ${links.registerLink}`,
    );
  }
  return brandedMail(site, `Your ad #${links.adId}: edit link and activation`, paragraphs);
}
