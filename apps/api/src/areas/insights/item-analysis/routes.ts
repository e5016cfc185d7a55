import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import { AdminIdParams } from '@ensaya/core/contracts/admin';
import {
  ItemAnalysisDetailQuery,
  ItemAnalysisDetailResponse,
  ItemAnalysisList,
  ItemAnalysisQuery,
  ItemAnalysisRebuildRequest,
  ItemAnalysisRebuildResponse,
} from '@ensaya/core/contracts/item-analysis';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import { rebuildItemStats } from './item-stats-repo.ts';
import * as service from './service.ts';

const errors = { 401: ApiError, 403: ApiError, 404: ApiError, 419: ApiError, 422: ApiError };
const admin = { access: 'admin' as const };
const tags = ['admin: item analysis'];

/**
 * Item analysis for authors: per question and period, read from the aggregate
 * rows the job keeps (areas/insights/item-analysis/item-stats-repo.ts), never from the attempts.
 */
export const itemAnalysisRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.get(
    '/api/admin/item-analysis',
    {
      config: admin,
      schema: {
        tags,
        summary:
          "The questions of the period's subject with attempts, facility, discrimination (point-biserial with the rest of the mock exam), option shares, comments and flags; flagged=true keeps the flagged ones.",
        querystring: ItemAnalysisQuery,
        response: { 200: ItemAnalysisList, ...errors },
      },
    },
    async (request) => service.listItemAnalysis(db, request.query),
  );

  app.get(
    '/api/admin/item-analysis/:id',
    {
      config: admin,
      schema: {
        tags,
        summary:
          "One question's figures in the period, with its statement, its options' HTML and the students' comments on it.",
        params: AdminIdParams,
        querystring: ItemAnalysisDetailQuery,
        response: { 200: ItemAnalysisDetailResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.itemAnalysisDetail(db, request.params.id, request.query.period_id),
    }),
  );

  app.post(
    '/api/admin/item-analysis/rebuild',
    {
      config: admin,
      schema: {
        tags,
        summary:
          "Recomputes one period's figures from its submitted attempts (the job keeps them up to date; this is a check or a repair).",
        body: ItemAnalysisRebuildRequest,
        response: { 200: ItemAnalysisRebuildResponse, ...errors },
      },
    },
    async (request) => {
      await service.findPeriod(db, request.body.period_id);
      return { data: { attempts: await rebuildItemStats(db, request.body.period_id) } };
    },
  );
};
