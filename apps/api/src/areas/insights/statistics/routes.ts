import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ApiError } from '@ensaya/core/api/error';
import { IdParams } from '@ensaya/core/contracts/ids';
import {
  AttemptComparisonResponse,
  AverageListResponse,
  CorrectByThemeResponse,
  CorrectByTypeResponse,
  DashboardResponse,
  GaussResponse,
  MyPercentagesResponse,
  OptionalSubjectStatsQuery,
  OwnStatsQuery,
  SubjectStatsQuery,
  ThemeColumnsResponse,
  ThemesStatsGeneralResponse,
  ThemesStatsResponse,
  UserSubjectStatsResponse,
} from '@ensaya/core/contracts/statistics';
import type { DbOrTx } from '../../../db/client.ts';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import { StatisticsReadCache } from './read-cache.ts';
import * as stats from './service.ts';

const errors = { 401: ApiError, 404: ApiError, 422: ApiError };
const ownUser = { config: { access: 'user' as const } };

type ReadContext = { db: DbOrTx; userId: number; cache: StatisticsReadCache };

/** One statistics read: its query, its answer and the service call that makes the answer. */
type OwnRead = {
  url: string;
  summary: string;
  querystring: z.ZodType;
  response: z.ZodType;
  read(context: ReadContext, query: unknown): Promise<unknown>;
};

/** Types `read`'s query by the route's own schema (Fastify has validated it before the call). */
function ownRead<Q extends z.ZodType>(route: {
  url: string;
  summary: string;
  querystring: Q;
  response: z.ZodType;
  read(context: ReadContext, query: z.infer<Q>): Promise<unknown>;
}): OwnRead {
  return { ...route, read: (context, query) => route.read(context, query as z.infer<Q>) };
}

/**
 * The statistics reads of the specification (the student's and all students' figures by subject,
 * test type and theme). Each takes an optional `user_id` that must be the student's own (another
 * is a 404) and reads the aggregates only.
 */
const OWN_READS: ReadonlyArray<OwnRead> = [
  ownRead({
    url: '/api/user-subject-stats',
    summary:
      "The student's sums and count in a subject (one type or both): attempts, questions, outcomes, averages.",
    querystring: SubjectStatsQuery,
    response: UserSubjectStatsResponse,
    read: ({ db, userId, cache }, query) =>
      stats.userSubjectStats(db, userId, query.subject_id, query.user_test_type, cache),
  }),
  ownRead({
    url: '/api/my-percentages',
    summary: "Per subject the student's % correct (both types).",
    querystring: OwnStatsQuery,
    response: MyPercentagesResponse,
    read: ({ db, userId }) => stats.myPercentages(db, userId),
  }),
  ownRead({
    url: '/api/my-percentages-gauss',
    summary:
      "The bell curve of all students' % correct in a subject (or all subjects): mean, standard deviation, 21 points, the student's position.",
    querystring: OptionalSubjectStatsQuery,
    response: GaussResponse,
    read: ({ db, userId, cache }, query) =>
      stats.myPercentagesGauss(db, userId, query.subject_id, query.user_test_type, cache),
  }),
  ownRead({
    url: '/api/average-list',
    summary: "Per subject and test type the student's average score and %.",
    querystring: OwnStatsQuery,
    response: AverageListResponse,
    read: ({ db, userId }) => stats.averageList(db, userId),
  }),
  ownRead({
    url: '/api/themes-stats',
    summary: "Per theme of the subject the student's questions, outcomes and %.",
    querystring: SubjectStatsQuery,
    response: ThemesStatsResponse,
    read: ({ db, userId, cache }, query) =>
      stats.themesStats(db, userId, query.subject_id, query.user_test_type, cache),
  }),
  ownRead({
    url: '/api/themes-stats-general',
    summary: 'Per theme of the subject, all students: totals, % correct, the mean student’s %.',
    querystring: SubjectStatsQuery,
    response: ThemesStatsGeneralResponse,
    read: ({ db, cache }, query) =>
      stats.themesStatsGeneral(db, query.subject_id, query.user_test_type, cache),
  }),
  ownRead({
    url: '/api/correct-stems-by-type',
    summary: 'Average correct answers per attempt, per test type (a subject or all).',
    querystring: OptionalSubjectStatsQuery,
    response: CorrectByTypeResponse,
    read: ({ db, userId, cache }, query) =>
      stats.correctStemsByType(db, userId, query.subject_id, cache),
  }),
  ownRead({
    url: '/api/correct-stems-by-theme',
    summary: "Per theme of the subject the student's questions and correct answers.",
    querystring: SubjectStatsQuery,
    response: CorrectByThemeResponse,
    read: ({ db, userId, cache }, query) =>
      stats.correctStemsByTheme(db, userId, query.subject_id, query.user_test_type, cache),
  }),
  ownRead({
    url: '/api/user-theme-stats-column',
    summary: 'Grouped column data: per theme the correct, incorrect and unanswered answers.',
    querystring: SubjectStatsQuery,
    response: ThemeColumnsResponse,
    read: ({ db, userId, cache }, query) =>
      stats.userThemeStatsColumn(db, userId, query.subject_id, query.user_test_type, cache),
  }),
];

/** The statistics calls and the dashboard, scoped to the signed-in student. */
export const statisticsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, config },
) => {
  // Population figures, themes and grade scales: the same for every student, kept a few seconds.
  const cache = new StatisticsReadCache({ ttlMs: config.statisticsCacheMs });

  for (const route of OWN_READS) {
    app.get(
      route.url,
      {
        ...ownUser,
        schema: {
          tags: ['statistics'],
          summary: route.summary,
          querystring: route.querystring,
          response: { 200: route.response, ...errors },
        },
      },
      async (request) => {
        const userId = request.user!.id;
        stats.assertOwnUser(userId, (request.query as { user_id?: number }).user_id);
        return { data: await route.read({ db, userId, cache }, request.query) };
      },
    );
  }

  app.get(
    '/api/dashboard',
    {
      ...ownUser,
      schema: {
        tags: ['statistics'],
        summary:
          'Everything the dashboard draws: average card, per-subject %, bell curve over all subjects, mock exam scores, correct answers by type.',
        response: { 200: DashboardResponse, 401: ApiError },
      },
    },
    async (request) => ({ data: await stats.dashboard(db, request.user!.id, cache) }),
  );

  app.get(
    '/api/user-tests/:id/comparison',
    {
      ...ownUser,
      schema: {
        tags: ['statistics'],
        summary:
          "A sent attempt against every student of its kind: the share below its % correct and each theme's average % (409 while it runs).",
        params: IdParams,
        response: { 200: AttemptComparisonResponse, 409: ApiError, ...errors },
      },
    },
    async (request) => ({
      data: await stats.attemptComparison(db, request.user!.id, request.params.id, cache),
    }),
  );
};
