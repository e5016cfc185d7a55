import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { installZodMessageKeys } from '@ensaya/core/validation/zod-messages';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { i18nPlugin } from './plugins/i18n.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionsPlugin } from './plugins/sessions.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';

export type AppOptions = {
  config: Config;
  database: Database;
  /** Serve the built web app too (the server does; API tests do not need it). */
  serveWebApp?: boolean;
};

/** Builds the whole application; `server.ts` listens with it and tests call `app.inject` on it. */
export async function buildApp({
  config,
  database,
  serveWebApp = false,
}: AppOptions): Promise<FastifyInstance> {
  installZodMessageKeys();
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Keep an upstream request id (load balancer) or make one; every log line of the request has it.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const db = database.db;
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(cookie);
  await app.register(rateLimitPlugin, { config });
  await app.register(sessionsPlugin, { config, db });
  await app.register(openApiPlugin);

  await app.register(healthRoutes, { db });
  await app.register(authRoutes, { db });

  if (serveWebApp) await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}
