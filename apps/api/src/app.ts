import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { installZodMessageKeys } from '@ensaya/core/validation/zod-messages';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { accessPlugin } from './plugins/access.ts';
import { answerClientError, answerFrameworkError, errorsPlugin } from './plugins/errors.ts';
import { i18nPlugin } from './plugins/i18n.ts';
import { inputGuardsPlugin } from './plugins/input-guards.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeaders, securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionsPlugin } from './plugins/sessions.ts';
import { uploadsPlugin } from './plugins/uploads.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { loggerOptions } from './lib/logger.ts';
import { createRedis } from './lib/redis.ts';
import { SessionCache } from './lib/session-cache.ts';
import { MemoryCounterStore, RedisCounterStore } from './lib/throttle.ts';
import type { ModuleOptions } from './lib/module-options.ts';
import {
  accommodationRoutes,
  userTestRoutes,
  diagnosticRoutes,
  scheduledExamRoutes,
  startAttemptSweeper,
} from './areas/engine/index.ts';
import {
  accountRoutes,
  addressRoutes,
  authRoutes,
  emailVerificationRoutes,
  geographyRoutes,
  passwordResetRoutes,
  registrationRoutes,
} from './areas/accounts/index.ts';
import {
  adminCatalogRoutes,
  adminContextRoutes,
  adminQuestionRoutes,
  adminSalesRoutes,
  adminSettingsRoutes,
} from './areas/backoffice/index.ts';
import { questionImportRoutes, contentRoutes } from './areas/content/index.ts';
import {
  resolveAppKey,
  createClock,
  devMailboxRoutes,
  startMailDispatcher,
  type MailDispatcher,
} from './areas/platform/index.ts';
import { createGateways, subscriptionRoutes, paymentRoutes } from './areas/sales/index.ts';
import { healthRoutes, jobRoutes } from './areas/operations/index.ts';
import {
  historyRoutes,
  statisticsRoutes,
  scoreEstimateRoutes,
  itemAnalysisRoutes,
  startPopulationDrain,
} from './areas/insights/index.ts';
import { reviewRoutes } from './areas/learning/index.ts';

export type AppOptions = {
  config: Config;
  database: Database;
  /** Serve the built web app too (the server does; API tests do not need it). */
  serveWebApp?: boolean;
  /** Where log lines go (standard output by default); tests read them. */
  logStream?: FastifyLoggerOptions['stream'];
};

/** Builds the whole application; `server.ts` listens with it and tests call `app.inject` on it. */
export async function buildApp({
  config,
  database,
  serveWebApp = false,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  installZodMessageKeys();
  const headers = securityHeaders(config);
  const app = Fastify({
    // Redacted: no secrets, e-mails or a failed query's values in a log line (lib/logger.ts).
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Keep an upstream request id (load balancer) or make one; every log line of the request has it.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // What Fastify or Node refuse before any hook runs (`/%zz`) answers like everything else.
    frameworkErrors: answerFrameworkError(headers),
    clientErrorHandler: answerClientError(headers),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const db = database.db;
  // One Redis connection for every shared counter (rate limits and throttles) when configured.
  const redis = config.redisUrl ? createRedis(config.redisUrl) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));
  const sessionCache = new SessionCache({
    ttlMs: config.sessionCacheSeconds * 1000,
    maxEntries: config.sessionCacheMaxEntries,
    redis,
    onError: (error) => app.log.warn({ err: error }, 'session cache invalidation'),
  });
  if (redis && sessionCache.enabled) {
    // Redis down at start: the instance still starts; its entries are then bound by the TTL only.
    await sessionCache
      .subscribe(redis)
      .catch((error) => app.log.warn({ err: error }, 'session cache: not subscribed'));
    app.addHook('onClose', async () => sessionCache.close());
  }
  // The services every area shares, built once here and handed to each area's plugin.
  const appKey = await resolveAppKey(db, config.appKey);
  const modules: ModuleOptions = {
    db,
    config,
    appKey,
    counters: redis ? new RedisCounterStore(redis) : new MemoryCounterStore(),
    sessionCache,
    clock: createClock(db, config.devClock),
    gateways: createGateways(config, appKey),
  };

  // First, so that it sees every route: a route without an access declaration stops the start.
  await app.register(accessPlugin);
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { headers });
  await app.register(compressionPlugin);
  await app.register(cookie);
  await app.register(rateLimitPlugin, { config, redis });
  await app.register(sessionsPlugin, { config, db, cache: sessionCache });
  await app.register(inputGuardsPlugin);
  await app.register(openApiPlugin, { isServed: config.openApiDocs });
  await app.register(uploadsPlugin, { uploadsDir: config.uploadsDir });

  await app.register(healthRoutes, { db });
  await app.register(authRoutes, modules);
  await app.register(registrationRoutes, modules);
  await app.register(emailVerificationRoutes, modules);
  await app.register(passwordResetRoutes, modules);
  await app.register(accountRoutes, modules);
  await app.register(accommodationRoutes, modules);
  await app.register(addressRoutes, modules);
  await app.register(geographyRoutes, modules);
  await app.register(devMailboxRoutes, modules);
  await app.register(adminCatalogRoutes, modules);
  await app.register(adminQuestionRoutes, modules);
  await app.register(adminContextRoutes, modules);
  await app.register(adminSalesRoutes, modules);
  await app.register(adminSettingsRoutes, modules);
  await app.register(questionImportRoutes, modules);
  await app.register(itemAnalysisRoutes, modules);
  await app.register(userTestRoutes, modules);
  await app.register(reviewRoutes, modules);
  await app.register(diagnosticRoutes, modules);
  await app.register(scheduledExamRoutes, modules);
  await app.register(contentRoutes, modules);
  await app.register(historyRoutes, modules);
  await app.register(statisticsRoutes, modules);
  await app.register(scoreEstimateRoutes, modules);
  await app.register(subscriptionRoutes, modules);
  await app.register(paymentRoutes, modules);
  await app.register(jobRoutes, modules);

  // Submits and deletes queue their share of the populations; one drain takes in many of them.
  const populationDrain = startPopulationDrain({
    db,
    delayMs: config.populationDrainDelayMs,
    log: app.log,
  });
  app.addHook('onClose', async () => populationDrain.stop());

  // Attempts whose deadline passed, or whose page was closed, are sent by the server itself.
  if (config.attemptSweepIntervalMs > 0) {
    const interval = config.attemptSweepIntervalMs;
    let sweeper: { stop: () => Promise<void> } | undefined;
    app.addHook('onReady', async () => {
      sweeper = startAttemptSweeper({
        db,
        intervalMs: interval,
        graceSeconds: config.attemptLeaveGraceSeconds,
        log: app.log,
      });
    });
    app.addHook('onClose', async () => sweeper?.stop());
  }

  // With SMTP the outbox is delivered by this instance too (several instances share the work).
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    let dispatcher: MailDispatcher | undefined;
    app.addHook('onReady', async () => {
      dispatcher = startMailDispatcher({
        db,
        smtpUrl,
        from: config.mailFrom,
        intervalMs: config.mailPollIntervalMs,
        log: app.log,
      });
    });
    app.addHook('onClose', async () => dispatcher?.stop());
  }

  if (serveWebApp) await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}
