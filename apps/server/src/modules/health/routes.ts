import type { FastifyInstance } from 'fastify';

/** livez: the process answers. readyz: the database answers and is migrated. */
export function healthRoutes(
  app: FastifyInstance,
  deps: { databaseAnswers: () => Promise<boolean>; isMigrated: () => boolean },
): void {
  app.get('/livez', async () => ({ ok: true }));
  app.get('/readyz', async (_request, reply) => {
    if (!deps.isMigrated()) return reply.code(503).send({ ok: false, reason: 'migrating' });
    if (!(await deps.databaseAnswers())) {
      return reply.code(503).send({ ok: false, reason: 'database unreachable' });
    }
    return { ok: true };
  });
}
