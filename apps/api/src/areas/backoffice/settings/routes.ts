import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import {
  AdminFeedbackBuilderRequest,
  AdminSettingKeyParams,
  AdminSettingResponse,
} from '@ensaya/core/contracts/admin';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import { settingsRepo as repo } from '../../platform/index.ts';

const errors = { 401: ApiError, 403: ApiError, 404: ApiError, 419: ApiError, 422: ApiError };
const config = { access: 'admin' as const };
const tags = ['admin: settings'];

/** Editable settings; today `feedback_builder`, the cancel-flow questionnaire. */
export const adminSettingsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.get(
    '/api/admin/settings/:key',
    {
      config,
      schema: {
        tags,
        summary: "A setting's value (feedback_builder: the cancel-flow questions).",
        params: AdminSettingKeyParams,
        response: { 200: AdminSettingResponse, ...errors },
      },
    },
    async () => ({ data: await repo.findFeedbackBuilder(db) }),
  );

  app.put(
    '/api/admin/settings/:key',
    {
      config,
      schema: {
        tags,
        summary:
          'Replaces a setting. feedback_builder: [{ key, field_type text|textarea|radio, required, question: { es, en }, options?, max_length? }], radio with options.',
        params: AdminSettingKeyParams,
        body: AdminFeedbackBuilderRequest,
        response: { 200: AdminSettingResponse, ...errors },
      },
    },
    async (request) => {
      await repo.saveSetting(db, request.params.key, request.body.value);
      return { data: request.body.value };
    },
  );
};
