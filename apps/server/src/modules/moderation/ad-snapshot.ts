import type { AdRow } from '../ads/ad-repository.js';

/** The fields a decision changes, as the audit log keeps them before and after. */
export function adSnapshot(ad: AdRow): Record<string, unknown> {
  return {
    status: ad.status,
    approved: ad.approved,
    expiresAt: ad.expiresAt ? ad.expiresAt.toISOString() : null,
    postedAt: ad.postedAt ? ad.postedAt.toISOString() : null,
    rejectionCode: ad.rejectionCode,
    rejectionReason: ad.rejectionReason,
  };
}
