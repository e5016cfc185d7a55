import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import {
  MessageResponse,
  VerifyEmailSignInResponse,
} from '@ensaya/core/contracts/account-responses';
import { IdParams } from '@ensaya/core/contracts/ids';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import { getProfile } from '../account/service.ts';
import * as service from './service.ts';

export const emailVerificationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, config, appKey, counters },
) => {
  const resendLimits = service.createResendLimits(counters, (error) =>
    app.log.warn({ err: error }, 'resend throttle unavailable'),
  );

  app.get(
    '/api/email/verify/:id/:hash',
    {
      // The signed link is a key: the log writes the route, not the hash.
      config: { access: 'public', logRoute: true },
      schema: {
        tags: ['account'],
        summary:
          'The signed link of the verification mail (60 minutes). 403 when tampered with or expired.',
        params: z.object({ id: z.string(), hash: z.string() }),
        // Checked by the signature, not the schema: any change to the link is the same 403.
        querystring: z.object({
          expires: z.string().optional(),
          signature: z.string().optional(),
        }),
        response: { 200: MessageResponse, 403: ApiError },
      },
    },
    async (request) => {
      await service.verifyEmail(db, appKey, { ...request.params, ...request.query }, new Date());
      return { message: request.t('verification.verified') };
    },
  );

  app.post(
    '/api/email/verify/:id/:hash',
    {
      // The signed link is a key: the log writes the route, not the hash. A POST with the CSRF
      // token, so only the web page opens it this way, never a mail scanner's GET.
      config: { access: 'public', logRoute: true },
      schema: {
        tags: ['account'],
        summary:
          'The verification link opened by the web page: verifies as the GET does and, when ' +
          'this opening is the one that verified the address, signs its student in (a new ' +
          'session; `data` is the profile). Later openings verify nothing and sign nobody in ' +
          '(`data` null). 403 when tampered with or expired.',
        params: z.object({ id: z.string(), hash: z.string() }),
        querystring: z.object({
          expires: z.string().optional(),
          signature: z.string().optional(),
        }),
        response: { 200: VerifyEmailSignInResponse, 403: ApiError, 419: ApiError },
      },
    },
    async (request, reply) => {
      const verifiedId = await service.verifyEmail(
        db,
        appKey,
        { ...request.params, ...request.query },
        new Date(),
      );
      // docs/security.md, "The verification link signs in once": a new session id, as a login.
      if (verifiedId !== null) await reply.startSession(verifiedId);
      return {
        message: request.t('verification.verified'),
        data: verifiedId === null ? null : await getProfile(db, verifiedId),
      };
    },
  );

  app.get(
    '/api/me/:id/resend-verification',
    {
      config: { access: 'public', logRoute: true },
      schema: {
        tags: ['account'],
        summary:
          'Sends a new verification link, with the `token` the registration or the login ' +
          'answered for this id (30 minutes); without it, 403 and nothing is sent. The same ' +
          'answer for unknown or verified accounts; at most 1 a minute and 5 an hour per id (429).',
        params: IdParams,
        // Checked by its signature: a missing or malformed token is the same 403 as a forged one.
        querystring: z.object({ token: z.string().optional() }),
        response: { 200: MessageResponse, 403: ApiError, 422: ApiError, 429: ApiError },
      },
    },
    async (request) => {
      await service.resendVerification(
        db,
        { appKey, appUrl: config.appUrl },
        resendLimits,
        { userId: request.params.id, token: request.query.token },
        new Date(),
      );
      return { message: request.t('verification.resent') };
    },
  );
};
