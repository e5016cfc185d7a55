import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import {
  AdminUserList,
  AdminUserPatch,
  AdminUserQuery,
  AdminUserResponse,
  ReadingSettingsRequest,
  ReadingSettingsResponse,
} from '@ensaya/core/contracts/accommodations';
import { AdminIdParams } from '@ensaya/core/contracts/admin';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import * as service from './service.ts';

const errors = { 401: ApiError, 419: ApiError, 422: ApiError };
const adminErrors = { ...errors, 403: ApiError, 404: ApiError };
const admin = { access: 'admin' as const };

/**
 * Accessibility: the student's reading settings (every device shows the same)
 * and, in the back office, the extra-time accommodation an admin grants a user.
 */
export const accommodationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.get(
    '/api/me/reading-settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary:
          'Reading settings (text size 100/125/150 %, high contrast) and the extra time granted, in percent.',
        response: { 200: ReadingSettingsResponse, 401: ApiError },
      },
    },
    async (request) => ({ data: await service.getReadingSettings(db, request.user!.id) }),
  );

  app.put(
    '/api/me/reading-settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Saves the reading settings; the extra time is set by an admin only.',
        body: ReadingSettingsRequest,
        response: { 200: ReadingSettingsResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.saveReadingSettings(db, request.user!.id, request.body),
    }),
  );

  app.get(
    '/api/admin/users',
    {
      config: admin,
      schema: {
        tags: ['admin: users'],
        summary: 'A page of users: ?search (e-mail or name)&page&per_page (max 100)&sort&order.',
        querystring: AdminUserQuery,
        response: { 200: AdminUserList, ...adminErrors },
      },
    },
    async (request) => service.listUsers(db, request.query),
  );

  app.get(
    '/api/admin/users/:id',
    {
      config: admin,
      schema: {
        tags: ['admin: users'],
        summary: 'A user with the extra-time accommodation.',
        params: AdminIdParams,
        response: { 200: AdminUserResponse, ...adminErrors },
      },
    },
    async (request) => ({ data: await service.getUser(db, request.params.id) }),
  );

  app.patch(
    '/api/admin/users/:id',
    {
      config: admin,
      schema: {
        tags: ['admin: users'],
        summary:
          "Sets a user's extra time (0, 25, 50 or 100 %): every timed test the user starts from now on is that much longer.",
        params: AdminIdParams,
        body: AdminUserPatch,
        response: { 200: AdminUserResponse, ...adminErrors },
      },
    },
    async (request) => {
      const { before, after } = await service.updateUserAccommodation(
        db,
        request.params.id,
        request.body,
      );
      // The audit trail: who changed whose accommodation, from what to what.
      request.log.info(
        {
          audit: 'user.extra_time',
          admin_id: request.user!.id,
          user_id: after.id,
          from: before.extra_time_percent,
          to: after.extra_time_percent,
        },
        'extra time changed',
      );
      return { data: after };
    },
  );
};
