import { emailSchema, type OutboxMessage } from '@adboard/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { outboxMessages } from '../../db/schema.js';
import { parseInput } from '../../http/validate.js';

const outboxQuerySchema = z.object({
  to: z.union([
    emailSchema,
    z
      .string()
      .trim()
      .regex(/^\+?\d{6,16}$/),
  ]),
});

/** Development only: the newest messages to one address, as the mail or SMS would read. */
export function devOutboxRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.get('/dev/outbox', async (request): Promise<OutboxMessage[]> => {
    const { to } = parseInput(outboxQuerySchema, request.query);
    const rows = await deps.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, to.toLowerCase()))
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
