import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client.ts';
import { pingDatabase } from './repo.ts';

const HealthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  uptime_seconds: z.number(),
});

/** `GET api/health`: up, and the database answers. Load balancers poll it. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public', rateLimit: false },
      schema: { tags: ['system'], response: { 200: HealthResponse, 503: HealthResponse } },
    },
    async (request, reply) => {
      const uptime = Math.round(process.uptime());
      try {
        await pingDatabase(db);
        return { status: 'ok' as const, database: 'ok' as const, uptime_seconds: uptime };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply
          .status(503)
          .send({ status: 'error', database: 'error', uptime_seconds: uptime });
      }
    },
  );
};
