import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/** livez: the process answers. readyz: the database answers and is migrated. */
export function healthRoutes(
  app: FastifyInstance,
  deps: { pool: pg.Pool; isMigrated: () => boolean },
): void {
  app.get('/livez', async () => ({ ok: true }));
  app.get('/readyz', async (_request, reply) => {
    if (!deps.isMigrated()) return reply.code(503).send({ ok: false, reason: 'migrating' });
    try {
      await deps.pool.query('SELECT 1');
      return { ok: true };
    } catch {
      return reply.code(503).send({ ok: false, reason: 'database unreachable' });
    }
  });
}
