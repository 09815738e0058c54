/** Badge texts and tones of SPEC.md section 4, shared so every screen shows the same. */
export type BadgeTone = 'success' | 'warning' | 'danger' | 'default';

export function statusBadge(status: string): { label: string; tone: BadgeTone } {
  switch (status) {
    case 'active':
      return { label: 'APPROVED', tone: 'success' };
    case 'incomplete':
      return { label: 'INCOMPLETE', tone: 'default' };
    case 'payment_pending':
      return { label: 'PAYMENT PENDING', tone: 'warning' };
    case 'rejected':
      return { label: 'NOT APPROVED', tone: 'danger' };
    case 'paused':
      return { label: 'PAUSED', tone: 'warning' };
    case 'scheduled':
      return { label: 'SCHEDULED', tone: 'default' };
    default:
      return { label: 'PENDING', tone: 'default' };
  }
}

const vipDurations: Record<string, string> = {
  DAYS_15: '15 days',
  DAYS_30: '30 days',
  DAYS_60: '60 days',
  DAYS_180: '6 months',
};

export function typeBadge(type: string, product: string | null, paid = true): string {
  switch (type) {
    case 'free':
    case 'free_verified':
      return 'Free';
    case 'paid': {
      // A VIP ad whose payment was refunded (or never made) shows no paid time.
      if (!paid) return 'VIP (not paid)';
      const duration = product ? vipDurations[product] : undefined;
      return duration ? `VIP ${duration}` : 'VIP';
    }
    case 'premium':
      return 'Premium';
    case 'regular':
      return 'Standard';
    default:
      return 'Unknown';
  }
}

export function expiryBadgeTone(expiresIn: string): BadgeTone {
  if (expiresIn === 'expired') return 'danger';
  if (expiresIn.includes('days') || expiresIn.includes('months')) return 'success';
  return 'default';
}

/** The list row's expiresIn: 'expired', 'N days', 'N months', or '' with no expiry yet. */
export function describeExpiry(expiresAt: Date | null, now: Date = new Date()): string {
  if (!expiresAt) return '';
  const ms = expiresAt.getTime() - now.getTime();
  if (ms <= 0) return 'expired';
  const days = Math.ceil(ms / 86_400_000);
  if (days >= 60) return `${Math.floor(days / 30)} months`;
  return days === 1 ? '1 day' : `${days} days`;
}
