import { readDevOutbox } from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import { route, type RouteChain } from '../../http/route.js';
import { listMessagesTo } from './outbox-repository.js';

/** Development only: the newest messages to one address, as the mail or SMS would read. */
export function devOutboxRoutes(app: FastifyInstance, deps: { routeChain: RouteChain }): void {
  route(app, deps.routeChain, readDevOutbox, async ({ db, query }) => {
    const rows = await listMessagesTo(db, query.to);
    return rows.map((row) => ({
      channel: row.channel,
      to: row.recipient,
      subject: row.subject,
      text: row.bodyText,
      html: row.bodyHtml,
      createdAt: row.createdAt.toISOString(),
    }));
  });
}
