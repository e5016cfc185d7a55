import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import {
  AdminContextCreate,
  AdminContextList,
  AdminContextPatch,
  AdminContextQuery,
  AdminContextResponse,
  AdminIdParams,
} from '@ensaya/core/contracts/admin';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import * as service from './service.ts';

const errors = { 401: ApiError, 403: ApiError, 404: ApiError, 419: ApiError, 422: ApiError };
const admin = { access: 'admin' as const };
const tags = ['admin: questions'];

/** Reading texts, tables and cases that several questions of a subject share. */
export const adminContextRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.get(
    '/api/admin/contexts',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Contexts; filter subject_id, search in the title.',
        querystring: AdminContextQuery,
        response: { 200: AdminContextList, ...errors },
      },
    },
    async (request) => service.listContexts(db, request.query),
  );

  app.get(
    '/api/admin/contexts/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'A context.',
        params: AdminIdParams,
        response: { 200: AdminContextResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.getContext(db, request.params.id) }),
  );

  app.post(
    '/api/admin/contexts',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Creates a context; its body is rendered and sanitized like a question.',
        body: AdminContextCreate,
        response: { 201: AdminContextResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.createContext(db, request.body) }),
  );

  app.patch(
    '/api/admin/contexts/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Changes a context.',
        params: AdminIdParams,
        body: AdminContextPatch,
        response: { 200: AdminContextResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.updateContext(db, request.params.id, request.body) }),
  );

  app.delete(
    '/api/admin/contexts/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Deletes a context; 409 while questions use it.',
        params: AdminIdParams,
        response: { 204: z.null(), 409: ApiError, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteContext(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
