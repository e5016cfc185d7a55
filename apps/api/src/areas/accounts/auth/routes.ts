import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import { LoginRequest } from '@ensaya/core/contracts/auth';
import { AccountProfileResponse, VerifyEmailError } from '@ensaya/core/contracts/account-responses';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import * as service from './service.ts';

export const authRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, config, appKey, counters },
) => {
  const loginThrottles = service.createLoginThrottles(counters, (error) =>
    app.log.warn({ err: error }, 'login throttle unavailable'),
  );

  app.get(
    '/api/csrf-cookie',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Sets the XSRF-TOKEN cookie; send its value back in X-XSRF-TOKEN on mutating requests.',
        response: { 204: z.null() },
      },
    },
    async (_request, reply) => {
      await reply.issueCsrfCookie();
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/login',
    {
      // Requests per address, whatever the e-mail; failures are also limited per account and per
      // address, with a lockout that grows (service.LOGIN_THROTTLE).
      config: {
        access: 'public',
        rateLimit: { max: config.loginRateLimitMax, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary:
          'Signs in (a new session). 422 wrong credentials; 403 e-mail not verified (with ' +
          'user_id and the resend_token of the resend link, 30 minutes); ' +
          '429 while the account or the address is locked after too many failures.',
        body: LoginRequest,
        response: {
          200: AccountProfileResponse,
          403: VerifyEmailError,
          419: ApiError,
          422: ApiError,
          429: ApiError,
        },
      },
    },
    async (request, reply) => {
      const { userId, profile } = await service.login(
        db,
        appKey,
        loginThrottles,
        request.body,
        request.ip,
        new Date(),
      );
      // A new session id at login: a session fixed before login is worthless after it.
      await reply.startSession(userId);
      return { data: profile };
    },
  );

  app.post(
    '/api/logout',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], response: { 204: z.null(), 419: ApiError } },
    },
    async (_request, reply) => {
      await reply.endSession();
      return reply.status(204).send(null);
    },
  );
};
