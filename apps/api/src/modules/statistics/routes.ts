import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import type { ModuleOptions } from '../../lib/module-options.ts';
import { StatisticsReadCache } from './read-cache.ts';
import * as stats from './service.ts';

const errors = { 401: ApiError, 404: ApiError, 422: ApiError };
const ownUser = { config: { access: 'user' as const } };

/**
 * The statistics calls of spec 001 (section 7) and the dashboard, scoped to the signed-in student
 * (a `user_id` other than the student's is a 404) and read from the aggregates only.
 */
export const statisticsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, config },
) => {
  // Population figures, themes and grade scales: the same for every student, kept a few seconds.
  const cache = new StatisticsReadCache({ ttlMs: config.statisticsCacheMs });
  app.get(
    '/api/user-subject-stats',
    {
      ...ownUser,
      schema: {
        tags: ['statistics'],
        summary:
          "The student's sums and count in a subject (one type or both): attempts, questions, outcomes, averages.",
        querystring: SubjectStatsQuery,
        response: { 200: UserSubjectStatsResponse, ...errors },
      },
    },
    async (request) => {
      const { user_id, subject_id, user_test_type } = request.query;
      stats.assertOwnUser(request.user!.id, user_id);
      return {
        data: await stats.userSubjectStats(db, request.user!.id, subject_id, user_test_type, cache),
      };
    },
  );

  app.get(
    '/api/my-percentages',
    {
      ...ownUser,
      schema: {
        tags: ['statistics'],
        summary: "Per subject the student's % correct (both types).",
        querystring: OwnStatsQuery,
        response: { 200: MyPercentagesResponse, ...errors },
      },
    },
    async (request) => {
      stats.assertOwnUser(request.user!.id, request.query.user_id);
      return { data: await stats.myPercentages(db, request.user!.id) };
    },
  );

  app.get(
    '/api/my-percentages-gauss',
    {
      ...ownUser,
      schema: {
        tags: ['statistics'],
        summary:
          "The bell curve of all students' % correct in a subject (or all subjects): mean, standard deviation, 21 points, the student's position.",
        querystring: OptionalSubjectStatsQuery,
        response: { 200: GaussResponse, ...errors },
      },
    },
    async (request) => {
      const { user_id, subject_id, user_test_type } = request.query;
      stats.assertOwnUser(request.user!.id, user_id);
      return {
        data: await stats.myPercentagesGauss(
          db,
          request.user!.id,
          subject_id,
          user_test_type,
          cache,
        ),
      };
    },
  );

  app.get(
    '/api/average-list',
    {
      ...ownUser,
      schema: {
        tags: ['statistics'],
        summary: "Per subject and test type the student's average score and %.",
        querystring: OwnStatsQuery,
        response: { 200: AverageListResponse, ...errors },
      },
    },
    async (request) => {
      stats.assertOwnUser(request.user!.id, request.query.user_id);
      return { data: await stats.averageList(db, request.user!.id) };
    },
  );

  app.get(
    '/api/themes-stats',
    {
      ...ownUser,
      schema: {
        tags: ['statistics'],
        summary: "Per theme of the subject the student's questions, outcomes and %.",
        querystring: SubjectStatsQuery,
        response: { 200: ThemesStatsResponse, ...errors },
      },
    },
    async (request) => {
      const { user_id, subject_id, user_test_type } = request.query;
      stats.assertOwnUser(request.user!.id, user_id);
      return {
        data: await stats.themesStats(db, request.user!.id, subject_id, user_test_type, cache),
      };
    },
  );

  app.get(
    '/api/themes-stats-general',
    {
      ...ownUser,
      schema: {
        tags: ['statistics'],
        summary: 'Per theme of the subject, all students: totals, % correct, the mean student’s %.',
        querystring: SubjectStatsQuery,
        response: { 200: ThemesStatsGeneralResponse, ...errors },
      },
    },
    async (request) => {
      const { user_id, subject_id, user_test_type } = request.query;
      stats.assertOwnUser(request.user!.id, user_id);
      return { data: await stats.themesStatsGeneral(db, subject_id, user_test_type, cache) };
    },
  );

  app.get(
    '/api/correct-stems-by-type',
    {
      ...ownUser,
      schema: {
        tags: ['statistics'],
        summary: 'Average correct answers per attempt, per test type (a subject or all).',
        querystring: OptionalSubjectStatsQuery,
        response: { 200: CorrectByTypeResponse, ...errors },
      },
    },
    async (request) => {
      const { user_id, subject_id } = request.query;
      stats.assertOwnUser(request.user!.id, user_id);
      return { data: await stats.correctStemsByType(db, request.user!.id, subject_id, cache) };
    },
  );

  app.get(
    '/api/correct-stems-by-theme',
    {
      ...ownUser,
      schema: {
        tags: ['statistics'],
        summary: "Per theme of the subject the student's questions and correct answers.",
        querystring: SubjectStatsQuery,
        response: { 200: CorrectByThemeResponse, ...errors },
      },
    },
    async (request) => {
      const { user_id, subject_id, user_test_type } = request.query;
      stats.assertOwnUser(request.user!.id, user_id);
      return {
        data: await stats.correctStemsByTheme(
          db,
          request.user!.id,
          subject_id,
          user_test_type,
          cache,
        ),
      };
    },
  );

  app.get(
    '/api/user-theme-stats-column',
    {
      ...ownUser,
      schema: {
        tags: ['statistics'],
        summary: 'Grouped column data: per theme the correct, incorrect and unanswered answers.',
        querystring: SubjectStatsQuery,
        response: { 200: ThemeColumnsResponse, ...errors },
      },
    },
    async (request) => {
      const { user_id, subject_id, user_test_type } = request.query;
      stats.assertOwnUser(request.user!.id, user_id);
      return {
        data: await stats.userThemeStatsColumn(
          db,
          request.user!.id,
          subject_id,
          user_test_type,
          cache,
        ),
      };
    },
  );

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
