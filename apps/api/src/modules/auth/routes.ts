import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import { LoginRequest, UserProfileResponse } from '@ensaya/core/contracts/auth';
import type { Db } from '../../db/client.ts';
import * as service from './service.ts';

const errors = { 401: ApiError, 419: ApiError, 422: ApiError, 429: ApiError };

export const authRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/csrf-cookie',
    {
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
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        body: LoginRequest,
        response: { 200: UserProfileResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = await service.authenticate(db, request.body);
      // A new session id at login: a session fixed before login is worthless after it.
      await reply.startSession(user.id);
      return { data: service.presentUser(user) };
    },
  );

  app.post(
    '/api/logout',
    { schema: { tags: ['auth'], response: { 204: z.null(), 419: ApiError } } },
    async (_request, reply) => {
      await reply.endSession();
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/me',
    {
      config: { auth: 'user' },
      schema: { tags: ['account'], response: { 200: UserProfileResponse, 401: ApiError } },
    },
    async (request) => ({ data: await service.getProfile(db, request.user!.id) }),
  );
};
