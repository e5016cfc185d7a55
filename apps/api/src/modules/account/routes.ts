import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import { ChangePasswordRequest, UpdateProfileRequest } from '@ensaya/core/contracts/accounts';
import {
  AccountProfileResponse,
  AvatarResponse,
  MessageResponse,
  UpdateProfileResponse,
} from '@ensaya/core/contracts/account-responses';
import type { ModuleOptions } from '../../lib/module-options.ts';
import * as service from './service.ts';

const errors = { 401: ApiError, 419: ApiError, 422: ApiError };

export const accountRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, config, appKey, sessionCache },
) => {
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
          'Personal data (the tax id is read-only). A new e-mail is unverified until the link sent to it is opened.',
        body: UpdateProfileRequest,
        response: { 200: UpdateProfileResponse, ...errors },
      },
    },
    async (request) => {
      const { profile, message } = await service.updateProfile(
        db,
        { appKey, appUrl: config.appUrl },
        request.user!.id,
        request.body,
        new Date(),
      );
      return { data: profile, message: request.t(message) };
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
