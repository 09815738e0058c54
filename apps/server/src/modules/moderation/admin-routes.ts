import {
  auditQuerySchema,
  banBodySchema,
  dismissReportBodySchema,
  markRefundSentBodySchema,
  refundListQuerySchema,
  reportListQuerySchema,
  roleBodySchema,
  userSearchQuerySchema,
  uuidParamsSchema,
  type AdminRefund,
  type AdminUser,
  type RefundActionResult,
  type UserActionResult,
  type AuditEntry,
  type Report,
} from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { parseInput } from '../../http/validate.js';
import { listAudit } from './audit-log.js';
import { banUser, unbanUser } from './ban-user.js';
import { changeRole } from './change-role.js';
import type { ListPage } from './list-page.js';
import { requireAdmin, requireModerator } from './policy.js';
import { listRefunds, markRefundSent } from './refunds-admin.js';
import { dismissReport, listReports } from './reports-admin.js';
import { loadAdminUser, searchUsers } from './users-admin.js';

/** Reports, refunds, users and the audit log: the console's other screens. */
export function adminRoutes(
  app: FastifyInstance,
  deps: { database: Database; queue: JobQueue },
): void {
  const { database } = deps;
  const db = database.db;

  app.get('/api/admin/reports', async (request): Promise<ListPage<Report>> => {
    await requireModerator(request);
    const query = parseInput(reportListQuerySchema, request.query);
    return listReports(db, query);
  });

  app.post('/api/admin/reports/:id/dismiss', async (request) => {
    const actor = await requireModerator(request);
    const { id } = parseInput(uuidParamsSchema, request.params);
    const { note } = parseInput(dismissReportBodySchema, request.body);
    await database.transaction((tx) => dismissReport(tx, actor, id, note));
    return { success: true };
  });

  app.get('/api/admin/refunds', async (request): Promise<ListPage<AdminRefund>> => {
    await requireModerator(request);
    const query = parseInput(refundListQuerySchema, request.query);
    return listRefunds(db, query);
  });

  app.post('/api/admin/refunds/:id/sent', async (request): Promise<RefundActionResult> => {
    const actor = await requireAdmin(request);
    const { id } = parseInput(uuidParamsSchema, request.params);
    const { txid } = parseInput(markRefundSentBodySchema, request.body);
    const refund = await database.transaction((tx) => markRefundSent(tx, actor, id, txid));
    return { success: true, refund };
  });

  app.get('/api/admin/users', async (request): Promise<AdminUser[]> => {
    await requireModerator(request);
    const { q } = parseInput(userSearchQuerySchema, request.query);
    return searchUsers(database.pool, q);
  });

  app.post('/api/admin/users/:id/ban', async (request): Promise<UserActionResult> => {
    const actor = await requireModerator(request);
    const { id } = parseInput(uuidParamsSchema, request.params);
    const { reason } = parseInput(banBodySchema, request.body);
    await database.transaction((tx) => banUser(tx, deps, actor, id, reason));
    return { success: true, user: await loadAdminUser(database.pool, id) };
  });

  app.post('/api/admin/users/:id/unban', async (request): Promise<UserActionResult> => {
    const actor = await requireModerator(request);
    const { id } = parseInput(uuidParamsSchema, request.params);
    await database.transaction((tx) => unbanUser(tx, actor, id));
    return { success: true, user: await loadAdminUser(database.pool, id) };
  });

  app.post('/api/admin/users/:id/role', async (request): Promise<UserActionResult> => {
    const actor = await requireAdmin(request);
    const { id } = parseInput(uuidParamsSchema, request.params);
    const { role } = parseInput(roleBodySchema, request.body);
    await database.transaction((tx) => changeRole(tx, actor, id, role));
    return { success: true, user: await loadAdminUser(database.pool, id) };
  });

  app.get('/api/admin/audit', async (request): Promise<ListPage<AuditEntry>> => {
    await requireAdmin(request);
    const query = parseInput(auditQuerySchema, request.query);
    return listAudit(db, query);
  });
}
