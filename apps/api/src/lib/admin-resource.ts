import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import { AdminIdParams } from '@ensaya/core/contracts/admin';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The routes of one back-office resource, all admin only: `GET /api/admin/<name>` (a page),
 * `GET .../{id}`, and when the service offers them `POST` (201), `PATCH .../{id}` and
 * `DELETE .../{id}` (204, or 409 when other rows depend on it). Each handler is one service call.
 */
export type AdminResource = {
  name: string;
  tag: string;
  noun: string;
  schemas: {
    query: z.ZodType;
    list: z.ZodType;
    one: z.ZodType;
    create?: z.ZodType;
    patch?: z.ZodType;
  };
  list(query: never): Promise<unknown>;
  get(id: number): Promise<unknown>;
  create?(body: never): Promise<unknown>;
  update?(id: number, body: never): Promise<unknown>;
  remove?(id: number): Promise<void>;
};

const errors = { 401: ApiError, 403: ApiError, 404: ApiError, 419: ApiError, 422: ApiError };
const config = { access: 'admin' as const };

export function registerAdminResource(app: App, resource: AdminResource) {
  const path = `/api/admin/${resource.name}`;
  const { schemas, noun } = resource;
  const tags = [resource.tag];

  app.get(
    path,
    {
      config,
      schema: {
        tags,
        summary: `A page of ${noun}s: ?search&page&per_page (max 100)&sort&order and filters.`,
        querystring: schemas.query,
        response: { 200: schemas.list, ...errors },
      },
    },
    async (request) => resource.list(request.query as never),
  );

  app.get(
    `${path}/:id`,
    {
      config,
      schema: {
        tags,
        summary: `A ${noun}.`,
        params: AdminIdParams,
        response: { 200: schemas.one, ...errors },
      },
    },
    async (request) => ({ data: await resource.get(request.params.id) }),
  );

  const { create, update, remove } = resource;
  if (create && schemas.create) {
    app.post(
      path,
      {
        config,
        schema: {
          tags,
          summary: `Creates a ${noun}.`,
          body: schemas.create,
          response: { 201: schemas.one, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await create(request.body as never) }),
    );
  }
  if (update && schemas.patch) {
    app.patch(
      `${path}/:id`,
      {
        config,
        schema: {
          tags,
          summary: `Changes a ${noun}.`,
          params: AdminIdParams,
          body: schemas.patch,
          response: { 200: schemas.one, ...errors },
        },
      },
      async (request) => ({ data: await update(request.params.id, request.body as never) }),
    );
  }
  if (remove) {
    app.delete(
      `${path}/:id`,
      {
        config,
        schema: {
          tags,
          summary: `Deletes a ${noun}; 409 when other rows depend on it.`,
          params: AdminIdParams,
          response: { 204: z.null(), 409: ApiError, ...errors },
        },
      },
      async (request, reply) => {
        await remove(request.params.id);
        return reply.status(204).send(null);
      },
    );
  }
}
