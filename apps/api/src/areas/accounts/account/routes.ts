import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import { ChangePasswordRequest, UpdateProfileRequest } from '@ensaya/core/contracts/accounts';
import {
  AccountProfileResponse,
  AvatarResponse,
  MessageResponse,
  UpdateProfileResponse,
} from '@ensaya/core/contracts/account-responses';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import * as emailChange from './email-change.ts';
import * as service from './service.ts';

const errors = { 401: ApiError, 419: ApiError, 422: ApiError };

export const accountRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, config, appKey, counters, sessionCache },
) => {
  const keys = { appKey, appUrl: config.appUrl };
  const emailChangeLimits = emailChange.createEmailChangeLimits(counters, (error) =>
    app.log.warn({ err: error }, 'e-mail change throttle unavailable'),
  );

  app.get(
    '/api/me',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'The signed-in user with the address.',
        response: { 200: AccountProfileResponse, 401: ApiError },
      },
    },
    async (request) => ({ data: await service.getProfile(db, request.user!.id) }),
  );

  app.patch(
    '/api/me',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary:
          'Personal data (the tax id is read-only). A new e-mail needs `current_password` (422 ' +
          'when missing or wrong, nothing changes) and becomes `pending_email`: the account keeps ' +
          'its address until the link mailed to the new one is opened; the old one is told. ' +
          '10 e-mail changes an hour (429).',
        body: UpdateProfileRequest,
        response: { 200: UpdateProfileResponse, 429: ApiError, ...errors },
      },
    },
    async (request) => {
      const { profile, message } = await service.updateProfile(
        db,
        keys,
        emailChangeLimits,
        request.user!.id,
        request.body,
        new Date(),
      );
      return { data: profile, message: request.t(message.key, message.params) };
    },
  );

  app.post(
    '/api/me/email-change/resend',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary:
          'Mails the pending e-mail address its confirmation link again. 404 when no change is ' +
          'pending; 1 a minute and 5 an hour (429).',
        response: {
          200: MessageResponse,
          401: ApiError,
          404: ApiError,
          419: ApiError,
          429: ApiError,
        },
      },
    },
    async (request) => {
      const email = await emailChange.resendEmailChange(
        db,
        keys,
        emailChangeLimits,
        request.user!.id,
        new Date(),
      );
      return { message: request.t('account.emailChangeResent', { email }) };
    },
  );

  app.delete(
    '/api/me/email-change',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Drops the pending e-mail address; its links stop working. The profile after it.',
        response: { 200: UpdateProfileResponse, 401: ApiError, 419: ApiError },
      },
    },
    async (request) => {
      await emailChange.cancelEmailChange(db, request.user!.id);
      return {
        data: await service.getProfile(db, request.user!.id),
        message: request.t('account.emailChangeCanceled'),
      };
    },
  );

  app.get(
    '/api/email/change/:id/:hash',
    {
      // The signed link is a key: the log writes the route, not the hash.
      config: { access: 'public', logRoute: true },
      schema: {
        tags: ['account'],
        summary:
          'The signed link mailed to a pending e-mail address (60 minutes): it becomes the ' +
          "account's address, verified. 403 tampered, expired or voided; 409 when another " +
          'account took the address meanwhile.',
        params: z.object({ id: z.string(), hash: z.string() }),
        // Checked by the signature, not the schema: any change to the link is the same 403.
        querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
        response: { 200: MessageResponse, 403: ApiError, 409: ApiError },
      },
    },
    async (request) => {
      const email = await emailChange.confirmEmailChange(
        db,
        keys,
        { ...request.params, ...request.query },
        new Date(),
      );
      return { message: request.t('account.emailChanged', { email }) };
    },
  );

  app.post(
    '/api/change-password',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary:
          "Changes the password and ends the user's other sessions. 400 when the current password is wrong.",
        body: ChangePasswordRequest,
        response: { 200: MessageResponse, 400: ApiError, ...errors },
      },
    },
    async (request) => {
      await service.changePassword(
        db,
        sessionCache,
        request.user!.id,
        request.session?.id,
        request.body,
      );
      return { message: request.t('passwords.changed') };
    },
  );

  app.post(
    '/api/profile-upload',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary:
          'multipart/form-data with one field `file`: a JPEG or PNG (by content) of at most 2 MB. ' +
          'Stored as a 256x256 JPEG without metadata; answers its path.',
        consumes: ['multipart/form-data'],
        response: { 200: AvatarResponse, ...errors },
      },
    },
    async (request) => {
      const file = request.isMultipart() ? await request.file() : undefined;
      const avatar = await service.saveAvatar(db, config, request.user!.id, file);
      return { data: avatar, message: request.t('avatar.updated') };
    },
  );
};
