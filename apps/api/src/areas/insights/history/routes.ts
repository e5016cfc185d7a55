import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import { IdParams } from '@ensaya/core/contracts/engine';
import {
  DeleteResponse,
  DeleteUserTestsRequest,
  HistoryQuery,
  HistoryResponse,
  SubjectIdParams,
} from '@ensaya/core/contracts/statistics';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import { deleteSentAttempts, subjectHistory } from './service.ts';

const errors = { 401: ApiError, 404: ApiError, 419: ApiError, 422: ApiError };

/** A student's history of a subject (`/historico`, `/historico/ensayo`) and deleting attempts. */
export const historyRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.get(
    '/api/subjects/:id/user-tests',
    {
      config: { access: 'user' },
      schema: {
        tags: ['history'],
        summary:
          "The student's sent attempts of a subject, sorted (date, score, total, correct, time, type) and paged on the server.",
        params: SubjectIdParams,
        querystring: HistoryQuery,
        response: { 200: HistoryResponse, ...errors },
      },
    },
    async (request) => subjectHistory(db, request.user!.id, request.params.id, request.query),
  );

  const deleteSchema = {
    tags: ['history'],
    response: { 200: DeleteResponse, 403: ApiError, 409: ApiError, ...errors },
  };

  app.delete(
    '/api/user-tests/:id',
    {
      config: { access: 'user' },
      schema: {
        ...deleteSchema,
        summary:
          'Deletes a sent attempt and takes it out of the statistics. 403 without an active subscription, 409 while it runs.',
        params: IdParams,
      },
    },
    async (request) => {
      const deleted = await deleteSentAttempts(
        db,
        request.user!.id,
        [request.params.id],
        new Date(),
      );
      return { message: request.t('stats.deletedOne'), deleted };
    },
  );

  app.delete(
    '/api/user-tests',
    {
      config: { access: 'user' },
      schema: {
        ...deleteSchema,
        summary:
          'Deletes several sent attempts (1 to 100), all or none: 404 if any is not the student’s.',
        body: DeleteUserTestsRequest,
      },
    },
    async (request) => {
      const deleted = await deleteSentAttempts(
        db,
        request.user!.id,
        request.body.user_test_ids,
        new Date(),
      );
      return {
        message:
          deleted === 1
            ? request.t('stats.deletedOne')
            : request.t('stats.deletedMany', { count: deleted }),
        deleted,
      };
    },
  );
};
