import { moderationMessages, rejectionReasons, type RejectionCode } from '@adboard/shared';
import { brandedMail, type MailContent } from '../accounts/mail-templates.js';
import type { SiteConfig } from '../sites/site-registry.js';

/** The advertiser learns that the ad is approved, and where it is (or what it still needs). */
export function approvedMail(
  site: SiteConfig,
  params: { adId: string; publicUrl: string; hasOwner: boolean },
): MailContent {
  const m = moderationMessages.mail;
  if (!params.hasOwner) {
    return brandedMail(site, m.approvedSubject(params.adId), [m.approvedNeedsAccount(params.adId)]);
  }
  return brandedMail(
    site,
    m.approvedSubject(params.adId),
    [m.approvedBody(params.adId), m.approvedLink],
    params.publicUrl,
  );
}

/** The subject says the ad was not approved; the body gives the reason and the way to fix it. */
export function rejectedMail(
  site: SiteConfig,
  params: { adId: string; code: RejectionCode | null; reason: string; editLink: string },
): MailContent {
  const m = moderationMessages.mail;
  const label = params.code
    ? rejectionReasons.find((r) => r.code === params.code)?.label
    : undefined;
  return brandedMail(
    site,
    m.rejectedSubject(params.adId),
    [
      m.rejectedBody(params.adId),
      // 'The reason:' then the label from the list (when chosen) and the moderator's words.
      ...(label ? [label] : []),
      params.reason,
      m.rejectedFix,
    ],
    params.editLink,
  );
}
