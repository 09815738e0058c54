import {
  auditLogEndpoint,
  banUserEndpoint,
  changeRoleEndpoint,
  dismissReportEndpoint,
  listRefundsEndpoint,
  listReportsEndpoint,
  markRefundSentEndpoint,
  searchUsersEndpoint,
  resetSecondFactorsEndpoint,
  unbanUserEndpoint,
} from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import { route, type RouteChain } from '../../http/route.js';
import type { AdEventDeps } from '../ad-lifecycle/apply-ad-event.js';
import { listAudit } from './audit-log.js';
import { banUser, unbanUser } from './ban-user.js';
import { changeRole } from './change-role.js';
import { resetSecondFactors } from './reset-second-factors.js';
import { listRefunds, markRefundSent } from './refunds-admin.js';
import { dismissReport, listReports } from './reports-admin.js';
import { loadAdminUser, searchUsers } from './users-admin.js';

/**
 * Reports, refunds, users and the audit log: the console's other screens. An
 * account changed answers as its transaction now sees it.
 */
export function adminRoutes(
  app: FastifyInstance,
  deps: AdEventDeps & { routeChain: RouteChain },
): void {
  const { routeChain } = deps;

  route(app, routeChain, listReportsEndpoint, async ({ db, query }) => listReports(db, query));

  route(app, routeChain, dismissReportEndpoint, async ({ tx, params, body, user }) => {
    await dismissReport(tx, user, params.id, body.note);
    return { success: true };
  });

  route(app, routeChain, listRefundsEndpoint, async ({ db, query }) => listRefunds(db, query));

  route(app, routeChain, markRefundSentEndpoint, async ({ tx, params, body, user }) => {
    const refund = await markRefundSent(tx, user, params.id, body.txid);
    return { success: true, refund };
  });

  route(app, routeChain, searchUsersEndpoint, async ({ db, query }) => searchUsers(db, query.q));

  route(app, routeChain, banUserEndpoint, async ({ tx, params, body, user }) => {
    await banUser(tx, deps, user, params.id, body.reason);
    return { success: true, user: await loadAdminUser(tx.db, params.id) };
  });

  route(app, routeChain, unbanUserEndpoint, async ({ tx, params, user }) => {
    await unbanUser(tx, user, params.id);
    return { success: true, user: await loadAdminUser(tx.db, params.id) };
  });

  route(app, routeChain, resetSecondFactorsEndpoint, async ({ tx, params, body, user }) => {
    await resetSecondFactors(tx, deps, user, params.id, body.reason);
    return { success: true, user: await loadAdminUser(tx.db, params.id) };
  });

  route(app, routeChain, changeRoleEndpoint, async ({ tx, params, body, user }) => {
    await changeRole(tx, user, params.id, body.role);
    return { success: true, user: await loadAdminUser(tx.db, params.id) };
  });

  route(app, routeChain, auditLogEndpoint, async ({ db, query }) => listAudit(db, query));
}
