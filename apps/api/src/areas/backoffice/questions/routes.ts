import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import {
  AdminIdParams,
  AdminQuestionCreate,
  AdminQuestionList,
  AdminQuestionPatch,
  AdminQuestionPreviewRequest,
  AdminQuestionPreviewResponse,
  AdminQuestionQuery,
  AdminQuestionResponse,
} from '@ensaya/core/contracts/admin';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import * as service from './service.ts';

const errors = { 401: ApiError, 403: ApiError, 404: ApiError, 419: ApiError, 422: ApiError };
const admin = { access: 'admin' as const };
const tags = ['admin: questions'];

/** The question bank in the back office. Every rich-text field is rendered and sanitized on save. */
export const adminQuestionRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.get(
    '/api/admin/questions',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Questions with their choices; filters subject_id, theme_id, context_id, is_active, search (statement).',
        querystring: AdminQuestionQuery,
        response: { 200: AdminQuestionList, ...errors },
      },
    },
    async (request) => service.listQuestions(db, request.query),
  );

  app.get(
    '/api/admin/questions/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'A question.',
        params: AdminIdParams,
        response: { 200: AdminQuestionResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.getQuestion(db, request.params.id) }),
  );

  app.post(
    '/api/admin/questions',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Creates a question: 2..9 choices in order; single choice exactly one correct, multi choice at least one; the context of the same subject. stem_number defaults to the next of the subject.',
        body: AdminQuestionCreate,
        response: { 201: AdminQuestionResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.createQuestion(db, request.body) }),
  );

  app.post(
    '/api/admin/questions/preview',
    {
      config: admin,
      schema: {
        tags,
        summary:
          "Renders a question as it would be saved (the editor's live preview); saves nothing.",
        body: AdminQuestionPreviewRequest,
        response: { 200: AdminQuestionPreviewResponse, ...errors },
      },
    },
    async (request) => ({ data: service.previewQuestion(request.body) }),
  );

  app.patch(
    '/api/admin/questions/:id',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Changes a question; the result is checked as a whole. Choices keep their ids by position.',
        params: AdminIdParams,
        body: AdminQuestionPatch,
        response: { 200: AdminQuestionResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.updateQuestion(db, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/admin/questions/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Deletes a question; 409 when attempts used it (deactivate it instead).',
        params: AdminIdParams,
        response: { 204: z.null(), 409: ApiError, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteQuestion(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
