import {
  adMessages,
  mailMessages,
  type Language,
  type RejectionCode,
  type Text,
} from '@adboard/shared';
import { brandedMail, mailDate, type MailContent } from '../accounts/mail-templates.js';
import type { SiteConfig } from '../sites/site-registry.js';

const m = mailMessages.moderation;

/** The advertiser learns that the ad is approved, and where it is (or what it still needs). */
export function approvedMail(
  site: SiteConfig,
  language: Language,
  params: {
    adId: string;
    publicUrl: string;
    hasOwner: boolean;
    revision?: boolean;
    /** Approved for a start date (YYYY-MM-DD): public on that day, not now. */
    startsOn?: string | null;
  },
): MailContent {
  const adId = params.adId;
  if (params.startsOn && params.hasOwner) {
    const startsOn = mailDate(new Date(`${params.startsOn}T00:00:00Z`), language);
    return brandedMail(site, language, m.approvedSubject({ adId }), [
      m.approvedScheduledBody({ adId, startsOn }),
    ]);
  }
  if (params.revision) {
    return brandedMail(
      site,
      language,
      m.revisionApprovedSubject({ adId }),
      [m.revisionApprovedBody({ adId }), m.approvedLink],
      params.publicUrl,
    );
  }
  if (!params.hasOwner) {
    return brandedMail(site, language, m.approvedSubject({ adId }), [
      m.approvedNeedsAccount({ adId }),
    ]);
  }
  return brandedMail(
    site,
    language,
    m.approvedSubject({ adId }),
    [m.approvedBody({ adId }), m.approvedLink],
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

/**
 * The subject says the ad was not approved; the body gives the reason (its label from
 * the list in the reader's words, and the moderator's own) and what applies to this ad.
 */
export function rejectedMail(
  site: SiteConfig,
  language: Language,
  params: {
    adId: string;
    code: RejectionCode | null;
    reason: string;
    editLink: string;
    next: RejectionNext;
  },
): MailContent {
  const adId = params.adId;
  const revision = params.next.kind === 'revision';
  const next: Text[] =
    params.next.kind === 'payment_kept'
      ? [
          m.rejectedPaymentKept,
          params.editLink,
          ...params.next.refundLinks.map((link) => m.rejectedRefundOffer({ link })),
        ]
      : params.next.kind === 'pay_again'
        ? [m.rejectedVipUnpaid, params.editLink]
        : [revision ? m.revisionRejectedFix : m.rejectedFix, params.editLink];
  return brandedMail(
    site,
    language,
    revision ? m.revisionRejectedSubject({ adId }) : m.rejectedSubject({ adId }),
    [
      revision ? m.revisionRejectedBody({ adId }) : m.rejectedBody({ adId }),
      // 'The reason:' then the label from the list (when chosen: My Posts' words) and the
      // moderator's words.
      ...(params.code ? [adMessages.rejectionReasons[params.code]] : []),
      params.reason,
      ...next,
    ],
  );
}
