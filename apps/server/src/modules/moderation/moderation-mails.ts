import { moderationMessages, rejectionReasons, type RejectionCode } from '@adboard/shared';
import { brandedMail, type MailContent } from '../accounts/mail-templates.js';
import type { SiteConfig } from '../sites/site-registry.js';

/** The advertiser learns that the ad is approved, and where it is (or what it still needs). */
export function approvedMail(
  site: SiteConfig,
  params: {
    adId: string;
    publicUrl: string;
    hasOwner: boolean;
    revision?: boolean;
    /** Approved for a start date (YYYY-MM-DD): public on that day, not now. */
    startsOn?: string | null;
  },
): MailContent {
  const m = moderationMessages.mail;
  if (params.startsOn && params.hasOwner) {
    return brandedMail(site, m.approvedSubject(params.adId), [
      m.approvedScheduledBody(params.adId, params.startsOn),
    ]);
  }
  if (params.revision) {
    return brandedMail(
      site,
      m.revisionApprovedSubject(params.adId),
      [m.revisionApprovedBody(params.adId), m.approvedLink],
      params.publicUrl,
    );
  }
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

/**
 * What a rejected ad's advertiser can do next, by what the ad holds:
 * - 'fix': a free ad, fixed and sent again;
 * - 'payment_kept': paid time is kept for a resubmission, or refunded on request (links);
 * - 'pay_again': a VIP ad without payment, paid again to go back to review;
 * - 'revision': an edit of a live ad was refused, the public version stays.
 */
export type RejectionNext =
  | { kind: 'fix' }
  | { kind: 'payment_kept'; refundLinks: string[] }
  | { kind: 'pay_again' }
  | { kind: 'revision' };

/** The subject says the ad was not approved; the body gives the reason and what applies to this ad. */
export function rejectedMail(
  site: SiteConfig,
  params: {
    adId: string;
    code: RejectionCode | null;
    reason: string;
    editLink: string;
    next: RejectionNext;
  },
): MailContent {
  const m = moderationMessages.mail;
  const label = params.code
    ? rejectionReasons.find((r) => r.code === params.code)?.label
    : undefined;
  const revision = params.next.kind === 'revision';
  const next =
    params.next.kind === 'payment_kept'
      ? [
          m.rejectedPaymentKept,
          params.editLink,
          ...params.next.refundLinks.map(m.rejectedRefundOffer),
        ]
      : params.next.kind === 'pay_again'
        ? [m.rejectedVipUnpaid, params.editLink]
        : [revision ? m.revisionRejectedFix : m.rejectedFix, params.editLink];
  return brandedMail(
    site,
    revision ? m.revisionRejectedSubject(params.adId) : m.rejectedSubject(params.adId),
    [
      revision ? m.revisionRejectedBody(params.adId) : m.rejectedBody(params.adId),
      // 'The reason:' then the label from the list (when chosen) and the moderator's words.
      ...(label ? [label] : []),
      params.reason,
      ...next,
    ],
  );
}
