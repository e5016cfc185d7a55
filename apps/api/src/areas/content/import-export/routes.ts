import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import { z } from 'zod';
import {
  AdminIdParams,
  BankExport,
  ExportQuery,
  ImportPreviewResponse,
  ImportResponse,
} from '@ensaya/core/contracts/admin';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import { readImportForm } from './form.ts';
import * as service from './service.ts';

const errors = { 401: ApiError, 403: ApiError, 404: ApiError, 419: ApiError, 422: ApiError };
const config = { access: 'admin' as const };
const tags = ['admin: import'];
const form =
  'multipart/form-data: `file` (at most 5 MB; Moodle XML in the encoding its declaration names, GIFT and JSON in UTF-8, GIFT in Windows-1252 detected), `format` (moodle | gift | json), `subject_id`, `theme_id` (default theme; a category naming a theme of the subject wins).';

/** Question files in (Moodle XML, GIFT, our JSON) and a subject's bank out (JSON). */
export const questionImportRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, config: appConfig },
) => {
  app.post(
    '/api/admin/import/preview',
    {
      config,
      schema: {
        tags,
        summary: `What an import would create; saves no question. ${form} Optional \`page\` and \`page_size\` (default 1 and 20, at most 100) choose the page of rendered questions; the summary counts importable, unsupported and problem questions and \`problems\` lists the first 500. An unreadable file is 422.`,
        consumes: ['multipart/form-data'],
        response: { 200: ImportPreviewResponse, ...errors },
      },
    },
    async (request) => {
      const { fields, file } = await readImportForm(request);
      return {
        data: await service.previewImport(db, appConfig, request.language, fields, file),
      };
    },
  );

  app.post(
    '/api/admin/import',
    {
      config,
      schema: {
        tags,
        summary: `Imports every question of the file or none (one transaction): a file with a problem is 422 naming each, unless \`skip_unsupported=true\`, which imports the others and lists those skipped. ${form}`,
        consumes: ['multipart/form-data'],
        response: { 201: ImportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readImportForm(request);
      const answer = await service.importFile(db, appConfig, request.language, fields, file);
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/api/admin/subjects/:id/export',
    {
      config,
      schema: {
        tags,
        summary:
          "The subject's bank as a download: `format=json` (default) an ensaya-bank JSON document (sources), importable with format=json; `moodle` Moodle XML; `gift` GIFT. `ids` (question ids) or `theme_ids`, comma-separated, export a selection.",
        params: AdminIdParams,
        querystring: ExportQuery,
        response: { 200: z.union([BankExport, z.string()]), ...errors },
      },
    },
    async (request, reply) => {
      const { format, ids, theme_ids: themeIds } = request.query;
      const exported = await service.exportSubjectAs(db, request.params.id, format, {
        ids,
        themeIds,
      });
      reply.header('content-disposition', `attachment; filename="${exported.fileName}"`);
      reply.type(exported.contentType);
      return exported.body;
    },
  );
};
