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
import { accommodationRoutes } from './modules/accommodations/routes.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { adminCatalogRoutes } from './modules/admin-catalog/routes.ts';
import { adminContextRoutes } from './modules/admin-contexts/routes.ts';
import { adminQuestionRoutes } from './modules/admin-questions/routes.ts';
import { adminSalesRoutes } from './modules/admin-sales/routes.ts';
import { adminSettingsRoutes } from './modules/admin-settings/routes.ts';
import { questionImportRoutes } from './modules/question-import/routes.ts';
import { resolveAppKey } from './modules/app-key/service.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { emailVerificationRoutes } from './modules/email-verification/routes.ts';
import { geographyRoutes } from './modules/geography/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { devMailboxRoutes } from './modules/mail/dev-mailbox.ts';
import { startMailDispatcher, type MailDispatcher } from './modules/mail/dispatcher.ts';
import { passwordResetRoutes } from './modules/password-reset/routes.ts';
import { registrationRoutes } from './modules/registration/routes.ts';
import { historyRoutes } from './modules/history/routes.ts';
import { statisticsRoutes } from './modules/statistics/routes.ts';
import { scoreEstimateRoutes } from './modules/score-estimate/routes.ts';
import { userTestRoutes } from './modules/user-tests/routes.ts';
import { reviewRoutes } from './modules/review/routes.ts';
import { diagnosticRoutes } from './modules/diagnostics/routes.ts';
import { scheduledExamRoutes } from './modules/scheduled-exams/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { jobRoutes } from './modules/jobs/routes.ts';
import { itemAnalysisRoutes } from './modules/item-analysis/routes.ts';
import { startAttemptSweeper } from './modules/user-tests/sweeper.ts';
import { startPopulationDrain } from './modules/statistics/population-queue.ts';

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
  const modules: ModuleOptions = {
    db,
    config,
    appKey: await resolveAppKey(db, config.appKey),
    counters: redis ? new RedisCounterStore(redis) : new MemoryCounterStore(),
    sessionCache,
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
