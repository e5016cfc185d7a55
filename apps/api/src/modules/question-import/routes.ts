import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import {
  AdminIdParams,
  BankExport,
  ImportPreviewResponse,
  ImportResponse,
} from '@ensaya/core/contracts/admin';
import type { ModuleOptions } from '../../lib/module-options.ts';
import { readImportForm } from './form.ts';
import * as service from './service.ts';

const errors = { 401: ApiError, 403: ApiError, 404: ApiError, 419: ApiError, 422: ApiError };
const config = { access: 'admin' as const };
const tags = ['admin: import'];
const form =
  'multipart/form-data: `file` (at most 5 MB), `format` (moodle | gift | json), `subject_id`, `theme_id` (default theme; a category naming a theme of the subject wins).';

/** Question files in (Moodle XML, GIFT, our JSON) and a subject's bank out (JSON). */
export const questionImportRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.post(
    '/api/admin/import/preview',
    {
      config,
      schema: {
        tags,
        summary: `What an import would create; saves nothing. ${form} A file with bad questions is 422 naming each.`,
        consumes: ['multipart/form-data'],
        response: { 200: ImportPreviewResponse, ...errors },
      },
    },
    async (request) => {
      const { fields, file } = await readImportForm(request);
      return { data: await service.previewImport(db, fields, file) };
    },
  );

  app.post(
    '/api/admin/import',
    {
      config,
      schema: {
        tags,
        summary: `Imports every question of the file or none (one transaction). ${form}`,
        consumes: ['multipart/form-data'],
        response: { 201: ImportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readImportForm(request);
      const data = await service.importFile(db, fields, file);
      return reply
        .status(201)
        .send({ data, message: request.t('import.created', { count: data.created }) });
    },
  );

  app.get(
    '/api/admin/subjects/:id/export',
    {
      config,
      schema: {
        tags,
        summary:
          "The subject's bank as an ensaya-bank JSON document (sources), importable with format=json.",
        params: AdminIdParams,
        response: { 200: BankExport, ...errors },
      },
    },
    async (request, reply) => {
      const document = await service.exportSubject(db, request.params.id);
      reply.header(
        'content-disposition',
        `attachment; filename="subject-${request.params.id}.json"`,
      );
      return document;
    },
  );
};
