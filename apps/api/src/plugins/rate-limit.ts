import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';

/**
 * Per-address request limits on the API: in memory by default, shared through Redis when
 * `REDIS_URL` is set so that every API instance counts together. Routes tighten their own limit
 * with `config.rateLimit`. Exceeding it answers 429 'Too many attempts.'.
 */
export const rateLimitPlugin = fp<{ config: Config; redis: Redis | undefined }>(
  async (app, { config, redis }) => {
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitMax,
      timeWindow: '1 minute',
      redis,
      nameSpace: 'ensaya-rate-limit:',
      // A Redis outage must not take the API down with it.
      skipOnError: true,
      // Decided by the matched route's declaration, never by the URL's spelling.
      allowList: (request) => request.routeOptions.config.isAsset === true,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 'FST_ERR_RATE_LIMIT',
        message: 'Too many attempts.',
        retryAfter: context.after,
      }),
    });
  },
);
