import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import { AddressRequest } from '@ensaya/core/contracts/accounts';
import { IdParams } from '@ensaya/core/contracts/ids';
import { AddressResponse } from '@ensaya/core/contracts/account-responses';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import { UpdateAddressRequest } from './schemas.ts';
import * as service from './service.ts';

const errors = { 401: ApiError, 404: ApiError, 419: ApiError, 422: ApiError };

export const addressRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.post(
    '/api/addresses',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: "Creates the user's address (or updates it when there is one already).",
        body: AddressRequest,
        response: { 201: AddressResponse, ...errors },
      },
    },
    async (request, reply) => {
      const address = await service.saveCurrentAddress(db, request.user!.id, request.body);
      return reply.status(201).send({ data: address });
    },
  );

  app.post(
    '/api/addresses/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: "Updates one of the user's addresses: all its fields, or the commune only.",
        params: IdParams,
        body: UpdateAddressRequest,
        response: { 200: AddressResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.updateAddress(db, request.user!.id, request.params.id, request.body),
    }),
  );
};
