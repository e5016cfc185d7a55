import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import { RegisterRequest } from '@ensaya/core/contracts/accounts';
import { RegisterResponse } from '@ensaya/core/contracts/account-responses';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import * as service from './service.ts';

export const registrationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, config, appKey, counters },
) => {
  const attemptNotices = service.createAttemptNotices(counters, (error) =>
    app.log.warn({ err: error }, 'registration notice throttle unavailable'),
  );

  app.post(
    '/api/register',
    {
      // Registrations per address: enough for a family or a classroom, too few to mass-create.
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary:
          'Creates an unverified student and mails the verification link. Does not sign in. ' +
          'An e-mail that has an account gets the same answer (its owner is mailed instead).',
        body: RegisterRequest,
        response: { 201: RegisterResponse, 419: ApiError, 422: ApiError, 429: ApiError },
      },
    },
    async (request, reply) => {
      const account = await service.register(
        db,
        { appKey, appUrl: config.appUrl },
        attemptNotices,
        request.body,
        new Date(),
      );
      return reply.status(201).send({ data: account, message: request.t('registration.created') });
    },
  );
};
