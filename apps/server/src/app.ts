import { answers } from '@adboard/shared';
import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { DestinationStream } from 'pino';
import type { FakeEsplora } from './adapters/chain/fake-esplora-server.js';
import type { RedisConnection } from './adapters/redis/redis-connection.js';
import type { PhotoStorage } from './adapters/storage/photo-storage.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { errorHandler } from './http/error-handler.js';
import { serializeRequest } from './http/log-redaction.js';
import type { RateLimiter } from './http/rate-limit.js';
import { actorHook } from './http/actor.js';
import { requestContext } from './http/request-context.js';
import { sayTo } from './http/request-language.js';
import { OneLinePerRequest, requestLog } from './http/request-log.js';
import { requestMetrics } from './http/request-metrics.js';
import type { Metrics } from './metrics/metrics.js';
import type { RouteChain } from './http/route.js';
import { recordRoutes } from './http/endpoint-registry.js';
import { apiDocsRoutes } from './modules/api-docs/routes.js';
import { sameOriginOnly } from './http/same-origin.js';
import { closeConnectionsWhenStopping } from './http/close-on-stop.js';
import { compression } from './http/compression.js';
import { securityHeaders } from './http/security-headers.js';
import { singlePageApp } from './http/spa.js';
import type { JobQueue } from './jobs/job-queue.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { passkeyRoutes } from './modules/accounts/passkey-routes.js';
import { secondFactorRoutes } from './modules/accounts/second-factor-routes.js';
import type { TotpSecretBox } from './modules/accounts/totp-secret-box.js';
import type { PublicAdChanges } from './modules/ad-lifecycle/public-ad-changes.js';
import { probeDatabase } from './modules/health/database-health.js';
import { healthRoutes } from './modules/health/routes.js';
import { lifecycleRoutes } from './modules/lifecycle/routes.js';
import { moderationRoutes } from './modules/moderation/routes.js';
import { publicPageRoutes } from './modules/public-pages/routes.js';
import { adStatsRoutes } from './modules/ad-stats/routes.js';
import { openAdStats } from './modules/ad-stats/open-ad-stats.js';
import { locationRoutes } from './modules/locations/routes.js';
import { devOutboxRoutes } from './modules/outbox/routes.js';
import type { BacklinkChecker } from './modules/ad-checks/backlink-checker.js';
import { adVerificationRoutes } from './modules/ad-verification/routes.js';
import { photoFileRoutes } from './modules/photos/photo-file-routes.js';
import type { PhotoLinks } from './modules/photos/photo-links.js';
import { multipartLimits, photoRoutes } from './modules/photos/routes.js';
import type { PaymentDeps } from './modules/payments/payment-deps.js';
import { devChainRoutes } from './modules/payments/dev-chain-routes.js';
import { paymentRoutes, refundRoutes } from './modules/payments/routes.js';
import { adRoutes } from './modules/ads/routes.js';
import { validateAdRoutes } from './modules/ads/validate-ad-routes.js';
import type { ResolvedSite } from './modules/sites/resolve-site.js';
import { siteRoutes } from './modules/sites/routes.js';
import { brandRoutes } from './modules/sites/brand-routes.js';

export interface AppDeps {
  config: Config;
  database: Database;
  queue: JobQueue;
  limiter: RateLimiter;
  /** Changes of ads the public sees: told by this server's writes, heard from every server's. */
  adChanges: PublicAdChanges;
  /** With REDIS_URL (readyz names its state); null without. */
  redis: Pick<RedisConnection, 'probe'> | null;
  resolveSite: (host: string | undefined) => ResolvedSite;
  backlinks: BacklinkChecker;
  storage: PhotoStorage;
  /** Signs the photo links of owners and moderators (modules/photos/photo-links.ts). */
  photoLinks: PhotoLinks;
  /** Seals the authenticator apps' secrets (modules/accounts/totp-secret-box.ts). */
  secretBox: TotpSecretBox;
  payments: Omit<PaymentDeps, 'database' | 'queue' | 'adChanges'>;
  /** Outside production with no ESPLORA_URL: the built-in fake chain, driven by /dev/chain. */
  fakeChain?: FakeEsplora;
  webDist: string;
  isMigrated: () => boolean;
  /** Where log lines go; tests pass a sink to read them. */
  logStream?: DestinationStream;
  /** How long a public page is cached (default 5 s); tests lengthen it. */
  publicPageTtlMs?: number;
  /** What this server counts (requests, the page cache, photos), served on its own port. */
  metrics: Metrics;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: {
        paths: ['req.headers.session', 'req.headers["edit-token"]', 'req.headers.authorization'],
        censor: '[redacted]',
      },
      serializers: { req: serializeRequest },
    },
    genReqId: () => randomUUID(),
    // One line per answered request instead, at a level by what it is (http/request-log.ts).
    logController: new OneLinePerRequest(),
    // Believe X-Forwarded-For only across the configured number of proxy hops.
    trustProxy: (_address: string, hop: number) => hop < deps.config.trustProxy,
    bodyLimit: 1_048_576,
    // An address Fastify cannot decode (`/%E0%A4%A`) never reaches a route or the
    // error handler: it gets the catalogue's answer here instead of Fastify's own.
    frameworkErrors: (_error, request, reply: FastifyReply) => {
      void reply.code(400).send({ success: false, error: sayTo(request, answers.http.badAddress) });
    },
  });

  requestLog(app);
  requestMetrics(app, deps.metrics);
  securityHeaders(app, {
    production: deps.config.isProduction,
    photoPublicUrl: deps.config.storage.publicUrl,
  });
  // Before every route: it attaches to each route as the route is declared.
  await compression(app);
  closeConnectionsWhenStopping(app);
  sameOriginOnly(app);
  requestContext(app, deps.resolveSite);
  actorHook(app, deps.database.db);
  errorHandler(app);

  const routes = recordRoutes(app);
  const routeChain: RouteChain = {
    database: deps.database,
    limiter: deps.limiter,
    checkResponses: !deps.config.isProduction,
  };
  const { redis } = deps;
  healthRoutes(app, {
    isMigrated: deps.isMigrated,
    probes: {
      database: () => probeDatabase(deps.database.pool),
      ...(redis ? { redis: () => redis.probe() } : {}),
      storage: () => deps.storage.probe(),
    },
  });
  const coreDeps = {
    database: deps.database,
    queue: deps.queue,
    adChanges: deps.adChanges,
    limiter: deps.limiter,
    routeChain,
    photoLinks: deps.photoLinks,
    secretBox: deps.secretBox,
  };
  siteRoutes(app, coreDeps);
  brandRoutes(app);
  locationRoutes(app, { ...coreDeps, rates: deps.payments.rates });
  accountRoutes(app, coreDeps);
  secondFactorRoutes(app, coreDeps);
  passkeyRoutes(app, coreDeps);
  const adDeps = {
    database: deps.database,
    queue: deps.queue,
    adChanges: deps.adChanges,
    backlinks: deps.backlinks,
    limiter: deps.limiter,
    routeChain,
    photoLinks: deps.photoLinks,
  };
  adRoutes(app, adDeps);
  validateAdRoutes(app, adDeps);
  adVerificationRoutes(app, adDeps);
  await app.register(fastifyMultipart, { limits: multipartLimits });
  photoRoutes(app, {
    ...adDeps,
    storage: deps.storage,
    observePhoto: deps.metrics.observePhoto,
  });
  photoFileRoutes(app, {
    ...adDeps,
    storage: deps.storage,
    publicElsewhere: deps.config.storage.publicUrl !== undefined,
  });
  const paymentDeps = {
    ...deps.payments,
    database: deps.database,
    queue: deps.queue,
    adChanges: deps.adChanges,
    limiter: deps.limiter,
    routeChain,
  };
  paymentRoutes(app, paymentDeps);
  refundRoutes(app, paymentDeps);
  moderationRoutes(app, coreDeps);
  lifecycleRoutes(app, coreDeps);
  // Each ad's statistics: counted in memory, written in batches, the rest written at close
  // (Fastify runs onClose once the requests under way are answered).
  const stats = openAdStats(deps.config.adStats, deps.database.db, {
    onError: (error) => app.log.warn({ err: error }, 'ad statistics not written yet'),
  });
  app.addHook('onClose', async () => stats.close());
  adStatsRoutes(app, { routeChain, stats });
  publicPageRoutes(app, {
    ...coreDeps,
    stats,
    photoPublicUrl: deps.config.storage.publicUrl,
    countPageCache: deps.metrics.countPageCache,
    pageTtlMs: deps.publicPageTtlMs ?? deps.config.publicPageCacheMs,
  });
  if (deps.config.devOutbox && deps.fakeChain) {
    devChainRoutes(app, { routeChain, fake: deps.fakeChain });
  }
  if (deps.config.devOutbox) devOutboxRoutes(app, { routeChain });
  if (deps.config.apiDocs) apiDocsRoutes(app, routes);
  await singlePageApp(app, deps.webDist);
  return app;
}
