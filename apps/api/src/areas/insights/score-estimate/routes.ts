import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import { ScoreEstimateQuery, ScoreEstimateResponse } from '@ensaya/core/contracts/score-estimate';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import { StatisticsReadCache } from '../statistics/read-cache.ts';
import { assertOwnUser } from '../statistics/service.ts';
import { scoreEstimate } from './service.ts';

/**
 * The PAES score estimate (docs/score-estimate.md), for the signed-in student: a
 * few indexed reads of the student's own aggregates; the catalog reads are cached a few seconds.
 */
export const scoreEstimateRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, config },
) => {
  const cache = new StatisticsReadCache({ ttlMs: config.statisticsCacheMs });
  app.get(
    '/api/score-estimate',
    {
      config: { access: 'user' as const },
      schema: {
        tags: ['statistics'],
        summary:
          'Indicative PAES score estimate: per test an 80 % interval, the CL + M1 average against 458 with its probability, and the themes that raise the score most.',
        querystring: ScoreEstimateQuery,
        response: { 200: ScoreEstimateResponse, 401: ApiError, 404: ApiError, 422: ApiError },
      },
    },
    async (request) => {
      const { user_id, subject_id } = request.query;
      assertOwnUser(request.user!.id, user_id);
      return { data: await scoreEstimate(db, request.user!.id, subject_id, cache) };
    },
  );
};
