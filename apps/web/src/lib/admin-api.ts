import {
  adminDashboardEndpoint,
  adReviewEndpoint,
  approveAdEndpoint,
  auditLogEndpoint,
  banUserEndpoint,
  changeRoleEndpoint,
  dismissReportEndpoint,
  listRefundsEndpoint,
  listReportsEndpoint,
  markRefundSentEndpoint,
  rejectAdEndpoint,
  reviewQueueEndpoint,
  searchUsersEndpoint,
  resetSecondFactorsEndpoint,
  unbanUserEndpoint,
  type AdminRefund,
  type AdminUser,
  type AdReview,
  type Dashboard,
  type DecisionResult,
  type QueryInputOf,
  type QueuePage,
  type RejectBody,
  type ResponseOf,
  type Role,
} from '@adboard/shared';
import { call } from './client';

/**
 * The moderation console's calls, apart from the advertiser's (lib/account-api.ts, lib/ad-api.ts, lib/payment-api.ts): only the
 * console's screens load them, with the console's schemas.
 */
export type ListPage<T> = { items: T[]; total: number; page: number; pageSize: number };
export type ReportPage = ResponseOf<typeof listReportsEndpoint>;
export type RefundPage = ResponseOf<typeof listRefundsEndpoint>;
export type AuditPage = ResponseOf<typeof auditLogEndpoint>;
export type RefundState = AdminRefund['state'];
export type ReportState = 'open' | 'resolved';

/** The query of a console list without its empty filters ('' means no filter). */
function filled<T extends Record<string, unknown>>(query: T): T {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as T;
}

/** The moderator API under /api/admin, each a declared endpoint. */
export const adminApi = {
  dashboard(): Promise<Dashboard> {
    return call(adminDashboardEndpoint, {});
  },

  queue(query: QueryInputOf<typeof reviewQueueEndpoint>): Promise<QueuePage> {
    return call(reviewQueueEndpoint, { query: filled(query) });
  },

  review(adId: string): Promise<AdReview> {
    return call(adReviewEndpoint, { params: { id: adId } });
  },

  approve(adId: string): Promise<DecisionResult> {
    return call(approveAdEndpoint, { params: { id: adId }, body: undefined });
  },

  reject(adId: string, body: RejectBody): Promise<DecisionResult> {
    return call(rejectAdEndpoint, { params: { id: adId }, body });
  },

  reports(query: QueryInputOf<typeof listReportsEndpoint>): Promise<ReportPage> {
    return call(listReportsEndpoint, { query: filled(query) });
  },

  async dismissReport(reportId: string): Promise<void> {
    await call(dismissReportEndpoint, { params: { id: reportId }, body: {} });
  },

  refunds(query: QueryInputOf<typeof listRefundsEndpoint>): Promise<RefundPage> {
    return call(listRefundsEndpoint, { query: filled(query) });
  },

  /** Answers the refund as it now stands. */
  async markRefundSent(refundId: string, txid: string): Promise<AdminRefund> {
    return (await call(markRefundSentEndpoint, { params: { id: refundId }, body: { txid } }))
      .refund;
  },

  searchUsers(q: string): Promise<AdminUser[]> {
    return call(searchUsersEndpoint, { query: filled({ q }) });
  },

  /** Ban, unban and role changes answer the user as they now stand. */
  async ban(userId: string, reason: string): Promise<AdminUser> {
    return (await call(banUserEndpoint, { params: { id: userId }, body: { reason } })).user;
  },

  /** An administrator removes every second factor of an account that lost them (issue 27). */
  async resetSecondFactors(userId: string, reason: string): Promise<AdminUser> {
    return (await call(resetSecondFactorsEndpoint, { params: { id: userId }, body: { reason } }))
      .user;
  },

  async unban(userId: string): Promise<AdminUser> {
    return (await call(unbanUserEndpoint, { params: { id: userId } })).user;
  },

  async setRole(userId: string, role: Role): Promise<AdminUser> {
    return (await call(changeRoleEndpoint, { params: { id: userId }, body: { role } })).user;
  },

  audit(query: QueryInputOf<typeof auditLogEndpoint>): Promise<AuditPage> {
    return call(auditLogEndpoint, { query: filled(query) });
  },
};
