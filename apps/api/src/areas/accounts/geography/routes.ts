import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import {
  CityListResponse,
  CityResponse,
  CountryListResponse,
  StateListResponse,
  StateResponse,
  TownListResponse,
  TownResponse,
} from '@ensaya/core/contracts/geography';
import { IdParams } from '@ensaya/core/contracts/ids';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import * as service from './service.ts';

const notFound = { 404: ApiError, 422: ApiError };

/** Public reference data for the registration and location selects; it changes rarely. */
export const geographyRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=3600');
    // The country names follow the request's language.
    if (request.routeOptions.url === '/api/countries')
      reply.header('vary', 'X-Localization, Accept-Language');
  });

  const schema = (summary: string) => ({ tags: ['geography'], summary });

  app.get(
    '/api/countries',
    {
      config: { access: 'public' },
      schema: {
        ...schema('Countries of the registration select, Chile (152) first.'),
        response: { 200: CountryListResponse },
      },
    },
    async (request) => ({ data: await service.listCountries(db, request.language) }),
  );

  app.get(
    '/api/states',
    {
      config: { access: 'public' },
      schema: {
        ...schema("Chile's 16 regions, north to south, with their VAT."),
        response: { 200: StateListResponse },
      },
    },
    async () => ({ data: await service.listStates(db) }),
  );

  app.get(
    '/api/states/:id',
    {
      config: { access: 'public' },
      schema: {
        ...schema('A region.'),
        params: IdParams,
        response: { 200: StateResponse, ...notFound },
      },
    },
    async (request) => ({ data: await service.getState(db, request.params.id) }),
  );

  app.get(
    '/api/states/:id/cities',
    {
      config: { access: 'public' },
      schema: {
        ...schema("A region's provinces."),
        params: IdParams,
        response: { 200: CityListResponse, ...notFound },
      },
    },
    async (request) => ({ data: await service.listCities(db, request.params.id) }),
  );

  app.get(
    '/api/cities/:id',
    {
      config: { access: 'public' },
      schema: {
        ...schema('A province.'),
        params: IdParams,
        response: { 200: CityResponse, ...notFound },
      },
    },
    async (request) => ({ data: await service.getCity(db, request.params.id) }),
  );

  app.get(
    '/api/cities/:id/towns',
    {
      config: { access: 'public' },
      schema: {
        ...schema("A province's communes, alphabetically."),
        params: IdParams,
        response: { 200: TownListResponse, ...notFound },
      },
    },
    async (request) => ({ data: await service.listTowns(db, request.params.id) }),
  );

  app.get(
    '/api/towns/:id',
    {
      config: { access: 'public' },
      schema: {
        ...schema('A commune with its province and region.'),
        params: IdParams,
        response: { 200: TownResponse, ...notFound },
      },
    },
    async (request) => ({ data: await service.getTown(db, request.params.id) }),
  );
};
