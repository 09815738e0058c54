import {
  auditLogEndpoint,
  banUserEndpoint,
  changeRoleEndpoint,
  dismissReportEndpoint,
  listRefundsEndpoint,
  listReportsEndpoint,
  markRefundSentEndpoint,
  searchUsersEndpoint,
  unbanUserEndpoint,
} from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { route, type RouteChain } from '../../http/route.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { listAudit } from './audit-log.js';
import { banUser, unbanUser } from './ban-user.js';
import { changeRole } from './change-role.js';
import { listRefunds, markRefundSent } from './refunds-admin.js';
import { dismissReport, listReports } from './reports-admin.js';
import { loadAdminUser, searchUsers } from './users-admin.js';

/** Reports, refunds, users and the audit log: the console's other screens. */
export function adminRoutes(
  app: FastifyInstance,
  deps: { database: Database; queue: JobQueue; routeChain: RouteChain },
): void {
  const { database, routeChain } = deps;
  const db = database.db;

  route(app, routeChain, listReportsEndpoint, async ({ query }) => listReports(db, query));

  route(app, routeChain, dismissReportEndpoint, async ({ params, body, user }) => {
    await database.transaction((tx) => dismissReport(tx, user, params.id, body.note));
    return { success: true };
  });

  route(app, routeChain, listRefundsEndpoint, async ({ query }) => listRefunds(db, query));

  route(app, routeChain, markRefundSentEndpoint, async ({ params, body, user }) => {
    const refund = await database.transaction((tx) =>
      markRefundSent(tx, user, params.id, body.txid),
    );
    return { success: true, refund };
  });

  route(app, routeChain, searchUsersEndpoint, async ({ query }) =>
    searchUsers(database.pool, query.q),
  );

  route(app, routeChain, banUserEndpoint, async ({ params, body, user }) => {
    await database.transaction((tx) => banUser(tx, deps, user, params.id, body.reason));
    return { success: true, user: await loadAdminUser(database.pool, params.id) };
  });

  route(app, routeChain, unbanUserEndpoint, async ({ params, user }) => {
    await database.transaction((tx) => unbanUser(tx, user, params.id));
    return { success: true, user: await loadAdminUser(database.pool, params.id) };
  });

  route(app, routeChain, changeRoleEndpoint, async ({ params, body, user }) => {
    await database.transaction((tx) => changeRole(tx, user, params.id, body.role));
    return { success: true, user: await loadAdminUser(database.pool, params.id) };
  });

  route(app, routeChain, auditLogEndpoint, async ({ query }) => listAudit(db, query));
}
