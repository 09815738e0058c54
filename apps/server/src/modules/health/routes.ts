import type { FastifyInstance } from 'fastify';
import { stateOf, type DependencyState } from './dependency-state.js';

/** Each dependency's probe: resolves when it answers now. */
export interface HealthProbes {
  database: () => Promise<void>;
  /** Only when REDIS_URL is set. */
  redis?: () => Promise<void>;
  storage: () => Promise<void>;
}

/** How long one probe may take before readyz counts it down (readyz itself never hangs). */
export const PROBE_TIMEOUT_MS = 1_000;

/**
 * livez: the process answers. readyz: 503 while migrations run or the database
 * does not answer (a server without its database cannot serve); otherwise 200,
 * naming each dependency `ok` or `down`. Redis or storage down degrades a
 * server (limits per process, no uploads) but does not take it, and with it
 * every server, out of the load balancer. No address or error is ever said.
 */
export function healthRoutes(
  app: FastifyInstance,
  deps: { isMigrated: () => boolean; probes: HealthProbes; timeoutMs?: number },
): void {
  const timeoutMs = deps.timeoutMs ?? PROBE_TIMEOUT_MS;
  app.get('/livez', async () => ({ ok: true }));
  app.get('/readyz', async (_request, reply) => {
    if (!deps.isMigrated()) return reply.code(503).send({ ok: false, reason: 'migrating' });
    const { redis } = deps.probes;
    const [database, redisState, storage] = await Promise.all([
      stateOf(deps.probes.database, timeoutMs),
      redis ? stateOf(redis, timeoutMs) : null,
      stateOf(deps.probes.storage, timeoutMs),
    ]);
    const states: Record<string, DependencyState> = {
      database,
      ...(redisState ? { redis: redisState } : {}),
      storage,
    };
    const ok = database === 'ok';
    return reply.code(ok ? 200 : 503).send({ ok, ...states });
  });
}
