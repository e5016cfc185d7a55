import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import { ReviewDueResponse } from '@ensaya/core/contracts/review';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import { reviewDue } from './repo.ts';

/**
 * Spaced review: what is due. The session itself is a wrong-answers test
 * (`POST /api/user-tests` with `wrong_source: "review"`), rated and rescheduled when sent.
 */
export const reviewRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.get(
    '/api/review/due',
    {
      config: { access: 'user' },
      schema: {
        tags: ['tests'],
        summary:
          "Questions to review today per subject (FSRS, due before the end of the student's day in their time zone) and queued in all. Deactivated questions are left out.",
        response: { 200: ReviewDueResponse, 401: ApiError, 419: ApiError, 429: ApiError },
      },
    },
    async (request) => ({ data: await reviewDue(db, request.user!.id, new Date()) }),
  );
};
