import type {
  AdReview,
  AdminRefund,
  AdminUser,
  AuditEntry,
  Dashboard,
  QueueItem,
  Report,
  Role,
} from '@adboard/shared';
import type { Mock } from 'vitest';
import { jsonResponse, testUser } from './helpers';

/** GET /api/user/status of a signed-in user with this role (and a second factor, issue 27). */
export function statusWithRole(role: Role) {
  return () =>
    jsonResponse({
      ok: true,
      email: testUser.email,
      userId: testUser.user_id,
      role,
      secondFactor: true,
    });
}

export const testDashboard: Dashboard = {
  queued: 15,
  waiting: 12,
  overdue: 2,
  oldestSubmittedAt: new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString(),
  approvedToday: 7,
  rejectedToday: 1,
  openReports: 4,
  urgentReports: 1,
  refundsToSend: 3,
};

export function queueItem(extra: Partial<QueueItem> = {}): QueueItem {
  return {
    postId: '100234',
    title: 'Evening companionship downtown',
    siteId: 'velvet',
    city: 'las-vegas',
    cityName: 'Las Vegas',
    type: 'free_verified',
    status: 'pending',
    paid: false,
    submittedAt: '2025-01-02T10:00:00.000Z',
    deadline: '2025-01-04T10:00:00.000Z',
    secondsLeft: 5 * 3600 + 120,
    kind: 'review',
    openReports: 0,
    topReport: null,
    flagCount: 0,
    ...extra,
  };
}

/** The sites the queue's answer lists for its site filter. */
export const queueSites = [
  { id: 'local', name: 'Adboard Local' },
  { id: 'velvet', name: 'Velvet Board' },
  { id: 'nightlist', name: 'Nightlist' },
];

/** GET /api/admin/queue's answer: a list page with the sites of the network. */
export function queuePage(items: QueueItem[], extra: { total?: number; page?: number } = {}) {
  return { ...listPage(items, extra), sites: queueSites };
}

export function listPage<T>(items: T[], extra: { total?: number; page?: number } = {}) {
  return { items, total: extra.total ?? items.length, page: extra.page ?? 1, pageSize: 50 };
}

export function testReport(extra: Partial<Report> = {}): Report {
  return {
    id: '5a0c8f5e-0000-4000-8000-000000000001',
    postId: '100234',
    adTitle: 'Evening companionship downtown',
    reason: 'scam',
    details: 'Asked for a deposit by gift card.',
    priority: 1,
    createdAt: '2025-01-03T08:00:00.000Z',
    resolvedAt: null,
    resolution: null,
    ...extra,
  };
}

export function auditEntry(extra: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: '1',
    actorEmail: 'mod@example.com',
    action: 'ad.reject',
    targetType: 'ad',
    targetId: '100234',
    before: { status: 'pending' },
    after: { status: 'rejected' },
    reason: 'Photos do not match',
    createdAt: '2025-01-03T09:00:00.000Z',
    ...extra,
  };
}

export function adReview(extra: Partial<AdReview> = {}): AdReview {
  return {
    postId: '100234',
    siteId: 'velvet',
    type: 'free_verified',
    product: null,
    status: 'pending',
    paid: false,
    title: 'Evening companionship downtown',
    descriptionHtml: '<p>Relaxed evenings and <strong>good</strong> conversation.</p>',
    name: 'Ada',
    age: 25,
    ethnicity: 'mixed',
    business: 'independent',
    incalls: null,
    outcalls: 'hotel',
    phone: '702-208-4567',
    email: 'ada@example.com',
    backlink: null,
    rates: [],
    hours: null,
    startsOn: null,
    city: 'las-vegas',
    cityName: 'Las Vegas',
    countryName: 'United States',
    emailVerified: true,
    phoneVerified: false,
    createdAt: '2025-01-02T09:00:00.000Z',
    submittedAt: '2025-01-02T10:00:00.000Z',
    postedAt: null,
    expiresAt: null,
    premiumUntil: null,
    deadline: '2025-01-04T10:00:00.000Z',
    rejectionCode: null,
    rejectionReason: null,
    photos: [
      {
        photoId: 'p1',
        url: '/photos/100234/p1-1600.webp',
        thumbUrl: '/photos/100234/p1-400.webp',
        primary: true,
        verification: false,
        uploadedAt: '2025-01-02T09:00:00.000Z',
        sameOnAds: [{ postId: '100999', ownerEmail: 'other@example.com' }],
        pending: false,
      },
      {
        photoId: 'p2',
        url: '/photos/100234/p2-1600.webp',
        thumbUrl: '/photos/100234/p2-400.webp',
        primary: false,
        verification: true,
        uploadedAt: '2025-01-02T09:05:00.000Z',
        sameOnAds: [],
        pending: false,
      },
    ],
    verificationPhotoCode: 'K7P4QX',
    decisions: { approvable: true, rejectable: true, onRevision: false },
    revision: null,
    flags: [
      { kind: 'phone_elsewhere', text: 'Phone used on 2 ads of other accounts' },
      { kind: 'refused_words', text: 'Refused words: deposit' },
    ],
    owner: {
      userId: 'owner-1',
      email: 'ada@example.com',
      role: 'advertiser',
      banned: false,
      createdAt: '2024-12-01T09:00:00.000Z',
    },
    ownerAds: [{ postId: '100111', title: 'Older ad', status: 'expired', type: 'free' }],
    payments: [],
    reports: [testReport()],
    history: [auditEntry({ action: 'report.dismiss', targetType: 'ad', reason: null })],
    ...extra,
  };
}

export function adminRefund(extra: Partial<AdminRefund> = {}): AdminRefund {
  return {
    id: 'refund-1',
    postId: '100234',
    orderId: 'order-1',
    amountSats: '125000',
    amountFiat: '75.00',
    currency: 'USD',
    state: 'ready',
    refundAddress: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    sentTxid: null,
    createdAt: '2025-01-03T09:00:00.000Z',
    sentAt: null,
    ...extra,
  };
}

export function adminUser(extra: Partial<AdminUser> = {}): AdminUser {
  return {
    userId: 'owner-1',
    email: 'ada@example.com',
    role: 'advertiser',
    banned: false,
    bannedAt: null,
    emailVerified: true,
    secondFactors: 0,
    siteId: 'velvet',
    createdAt: '2024-12-01T09:00:00.000Z',
    adCount: 3,
    phones: ['+17022084567'],
    ...extra,
  };
}

/** The full URLs fetched (path and query), e.g. to check filters sent to the server. */
export function fetchedUrls(fetchMock: Mock): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input));
}
