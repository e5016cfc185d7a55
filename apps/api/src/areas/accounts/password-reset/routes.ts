import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import { ForgotPasswordRequest, ResetPasswordRequest } from '@ensaya/core/contracts/accounts';
import { ForgotPasswordResponse, MessageResponse } from '@ensaya/core/contracts/account-responses';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import * as service from './service.ts';

export const passwordResetRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, config, sessionCache },
) => {
  app.post(
    '/api/forgot-password',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary:
          'Mails a reset link (60 minutes, single use) when the e-mail has an account; the same ' +
          'answer either way. 5 a minute per address (429).',
        body: ForgotPasswordRequest,
        response: { 200: ForgotPasswordResponse, 419: ApiError, 422: ApiError, 429: ApiError },
      },
    },
    async (request) => {
      await service.requestPasswordReset(db, config.appUrl, request.body, new Date());
      return { status: request.t('passwords.sent') };
    },
  );

  app.post(
    '/api/reset-password',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary:
          "Sets a new password with a mailed token and ends all the user's sessions (and drops a " +
          'pending e-mail change). 422 (errors.token) when the token is invalid, expired, used, or ' +
          'not for this e-mail: the address it was mailed to, while the account still has it.',
        body: ResetPasswordRequest,
        response: { 200: MessageResponse, 419: ApiError, 422: ApiError, 429: ApiError },
      },
    },
    async (request) => {
      await service.resetPassword(db, sessionCache, request.body, new Date());
      return { message: request.t('passwords.reset') };
    },
  );
};
