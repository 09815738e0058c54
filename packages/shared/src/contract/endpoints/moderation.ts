import { z } from 'zod';
import {
  adIdParamsSchema,
  adminRefundSchema,
  adminUserSchema,
  adReviewSchema,
  approveBodySchema,
  auditEntrySchema,
  auditQuerySchema,
  banBodySchema,
  dashboardSchema,
  decisionResultSchema,
  dismissReportBodySchema,
  listPageSchema,
  markRefundSentBodySchema,
  queuePageSchema,
  queueQuerySchema,
  refundActionResultSchema,
  refundListQuerySchema,
  rejectBodySchema,
  reportListQuerySchema,
  reportSchema,
  roleBodySchema,
  userActionResultSchema,
  userSearchQuerySchema,
  uuidParamsSchema,
} from '../../schemas/admin.js';
import { endpoint } from '../endpoint.js';
import { doneSchema } from '../../schemas/common.js';

// The moderator console under /api/admin (issue 6): moderators and admins, some calls admins only.
const tag = 'Moderation';

export const adminDashboardEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/dashboard',
  summary: "The console's counts: ads waiting, overdue, decided today, open reports, refunds.",
  tag,
  access: 'moderator',
  responses: { 200: dashboardSchema },
  errors: ['unauthorized', 'forbidden'],
});

export const reviewQueueEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/queue',
  summary: 'The ads waiting for a moderator (reviews, edits, reports), most urgent first.',
  tag,
  access: 'moderator',
  query: queueQuerySchema,
  responses: { 200: queuePageSchema },
  errors: ['unauthorized', 'forbidden'],
});

export const adReviewEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/posts/{id}',
  summary: 'One ad under review: its content, edit, flags, owner, payments, reports and history.',
  tag,
  access: 'moderator',
  params: adIdParamsSchema,
  responses: { 200: adReviewSchema },
  errors: ['unauthorized', 'forbidden', 'not_found'],
});

export const approveAdEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/posts/{id}/approve',
  summary: 'Approves the ad (or its waiting edit): public from now on, the advertiser mailed.',
  tag,
  access: 'moderator',
  params: adIdParamsSchema,
  body: approveBodySchema,
  responses: { 200: decisionResultSchema },
  errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
});

export const rejectAdEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/posts/{id}/reject',
  summary: 'Rejects the ad (or its waiting edit) with a reason; its open reports are answered.',
  tag,
  access: 'moderator',
  params: adIdParamsSchema,
  body: rejectBodySchema,
  responses: { 200: decisionResultSchema },
  errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
});

export const listReportsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/reports',
  summary: 'Reports of ads, open or resolved, a page at a time.',
  tag,
  access: 'moderator',
  query: reportListQuerySchema,
  responses: { 200: listPageSchema(reportSchema) },
  errors: ['unauthorized', 'forbidden'],
});

export const dismissReportEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/reports/{id}/dismiss',
  summary: 'Dismisses an open report, with an optional note; the ad stays as it is.',
  tag,
  access: 'moderator',
  params: uuidParamsSchema,
  body: dismissReportBodySchema,
  responses: { 200: doneSchema },
  errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
});

export const listRefundsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/refunds',
  summary: 'Refunds newest first, optionally in one state, a page at a time.',
  tag,
  access: 'moderator',
  query: refundListQuerySchema,
  responses: { 200: listPageSchema(adminRefundSchema) },
  errors: ['unauthorized', 'forbidden'],
});

export const markRefundSentEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/refunds/{id}/sent',
  summary: 'Records that a ready refund was sent, with its transaction id (admins only).',
  tag,
  access: 'admin',
  params: uuidParamsSchema,
  body: markRefundSentBodySchema,
  responses: { 200: refundActionResultSchema },
  errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
});

export const searchUsersEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/users',
  summary:
    'Accounts whose email, or the phone of one of their ads, matches the query; newest first.',
  tag,
  access: 'moderator',
  query: userSearchQuerySchema,
  responses: { 200: z.array(adminUserSchema) },
  errors: ['unauthorized', 'forbidden'],
});

export const banUserEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/users/{id}/ban',
  summary: 'Bans an account: its sessions end and its ads leave the public pages.',
  tag,
  access: 'moderator',
  params: uuidParamsSchema,
  body: banBodySchema,
  responses: { 200: userActionResultSchema },
  errors: ['unauthorized', 'forbidden', 'not_found'],
});

export const unbanUserEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/users/{id}/unban',
  summary: 'Lifts the ban of an account; its sessions stay ended.',
  tag,
  access: 'moderator',
  params: uuidParamsSchema,
  responses: { 200: userActionResultSchema },
  errors: ['unauthorized', 'forbidden', 'not_found'],
});

export const changeRoleEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/users/{id}/role',
  summary: "Makes an account an advertiser, moderator or admin (admins only, never one's own).",
  tag,
  access: 'admin',
  params: uuidParamsSchema,
  body: roleBodySchema,
  responses: { 200: userActionResultSchema },
  errors: ['unauthorized', 'forbidden', 'not_found'],
});

export const resetSecondFactorsEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/users/{id}/second-factors/reset',
  summary:
    "Removes every second factor of an account that lost them (admins only, never one's own); the owner is mailed, the reason audited.",
  tag,
  access: 'admin',
  params: uuidParamsSchema,
  body: banBodySchema,
  responses: { 200: userActionResultSchema },
  errors: ['unauthorized', 'forbidden', 'not_found'],
});

export const auditLogEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/audit',
  summary: 'The audit log, newest first, optionally of one target (admins only).',
  tag,
  access: 'admin',
  query: auditQuerySchema,
  responses: { 200: listPageSchema(auditEntrySchema) },
  errors: ['unauthorized', 'forbidden'],
});
