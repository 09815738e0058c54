import { readDevOutbox } from '@adboard/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { outboxMessages } from '../../db/schema.js';
import { route, type RouteChain } from '../../http/route.js';

/** Development only: the newest messages to one address, as the mail or SMS would read. */
export function devOutboxRoutes(
  app: FastifyInstance,
  deps: { routeChain: RouteChain; db: Db },
): void {
  route(app, deps.routeChain, readDevOutbox, async ({ query }) => {
    const rows = await deps.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, query.to.toLowerCase()))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(50);
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
