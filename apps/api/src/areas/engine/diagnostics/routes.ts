import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import { DiagnosticSkipResponse, DiagnosticsResponse } from '@ensaya/core/contracts/diagnostic';
import { IdParams } from '@ensaya/core/contracts/ids';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import { listDiagnostics, skipDiagnostic } from './service.ts';

/**
 * The first diagnostic's offer (docs/api.md). Taking it is an engine start,
 * `POST /api/user-tests` with `mode: "diagnostic"`.
 */
export const diagnosticRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.get(
    '/api/diagnostics',
    {
      config: { access: 'user' },
      schema: {
        tags: ['tests'],
        summary:
          "The student's subjects with access now, each with its first diagnostic's state: offered, skipped, in_progress or submitted (with the attempt).",
        response: { 200: DiagnosticsResponse, 401: ApiError, 419: ApiError },
      },
    },
    async (request) => ({ data: await listDiagnostics(db, request.user!.id, new Date()) }),
  );

  app.post(
    '/api/subjects/:id/diagnostic/skip',
    {
      config: { access: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['tests'],
        summary:
          '"Not now" to the subject\'s first diagnostic: remembered, the dashboard stops offering it (it can still be taken once). 403 without access, 404 for an unknown subject; twice changes nothing.',
        params: IdParams,
        response: {
          200: DiagnosticSkipResponse,
          401: ApiError,
          403: ApiError,
          404: ApiError,
          419: ApiError,
          429: ApiError,
        },
      },
    },
    async (request) => ({
      data: await skipDiagnostic(db, request.user!.id, request.params.id, new Date()),
    }),
  );
};
