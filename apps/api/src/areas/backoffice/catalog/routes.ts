import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import * as contract from '@ensaya/core/contracts/admin';
import { registerAdminResource } from '../../../lib/admin-resource.ts';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import * as service from './service.ts';

const errors = { 401: ApiError, 403: ApiError, 404: ApiError, 419: ApiError, 422: ApiError };
const config = { access: 'admin' as const };
const tag = 'admin: catalog';

/** Standard tests, subjects, periods and their theme weights, themes and grade tables. */
export const adminCatalogRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  registerAdminResource(app, {
    name: 'standard-tests',
    tag,
    noun: 'standard test',
    schemas: {
      query: contract.AdminStandardTestQuery,
      list: contract.AdminStandardTestList,
      one: contract.AdminStandardTestResponse,
      patch: contract.AdminStandardTestPatch,
    },
    list: (query) => service.listStandardTests(db, query),
    get: (id) => service.getStandardTest(db, id),
    update: (id, body) => service.updateStandardTest(db, id, body),
  });

  registerAdminResource(app, {
    name: 'subjects',
    tag,
    noun: 'subject',
    schemas: {
      query: contract.AdminSubjectQuery,
      list: contract.AdminSubjectList,
      one: contract.AdminSubjectResponse,
      create: contract.AdminSubjectCreate,
      patch: contract.AdminSubjectPatch,
    },
    list: (query) => service.listSubjects(db, query),
    get: (id) => service.getSubject(db, id),
    create: (body) => service.createSubject(db, body),
    update: (id, body) => service.updateSubject(db, id, body),
    remove: (id) => service.deleteSubject(db, id),
  });

  registerAdminResource(app, {
    name: 'periods',
    tag,
    noun: 'period',
    schemas: {
      query: contract.AdminPeriodQuery,
      list: contract.AdminPeriodList,
      one: contract.AdminPeriodResponse,
      create: contract.AdminPeriodCreate,
      patch: contract.AdminPeriodPatch,
    },
    list: (query) => service.listPeriods(db, query),
    get: (id) => service.getPeriod(db, id),
    create: (body) => service.createPeriod(db, body),
    update: (id, body) => service.updatePeriod(db, id, body),
    remove: (id) => service.deletePeriod(db, id),
  });

  registerAdminResource(app, {
    name: 'themes',
    tag,
    noun: 'theme',
    schemas: {
      query: contract.AdminThemeQuery,
      list: contract.AdminThemeList,
      one: contract.AdminThemeResponse,
      create: contract.AdminThemeCreate,
      patch: contract.AdminThemePatch,
    },
    list: (query) => service.listThemes(db, query),
    get: (id) => service.getTheme(db, id),
    create: (body) => service.createTheme(db, body),
    update: (id, body) => service.updateTheme(db, id, body),
    remove: (id) => service.deleteTheme(db, id),
  });

  app.get(
    '/api/admin/periods/:id/themes',
    {
      config,
      schema: {
        tags: [tag],
        summary: "Every theme of the period's subject with its mock-exam weight (0 when unset).",
        params: contract.AdminIdParams,
        response: { 200: contract.AdminPeriodThemesResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.getPeriodWeights(db, request.params.id) }),
  );

  app.put(
    '/api/admin/periods/:id/themes',
    {
      config,
      schema: {
        tags: [tag],
        summary:
          "Replaces the period's weights: whole numbers 0..100 adding up to 100, themes of the period's subject.",
        params: contract.AdminIdParams,
        body: contract.AdminPeriodThemesRequest,
        response: { 200: contract.AdminPeriodThemesResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.putPeriodWeights(db, request.params.id, request.body),
    }),
  );

  app.get(
    '/api/admin/subjects/:id/grades',
    {
      config,
      schema: {
        tags: [tag],
        summary: "The subject's grade table (correct answers to grade), sorted.",
        params: contract.AdminIdParams,
        response: { 200: contract.AdminGradesResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.getGrades(db, request.params.id) }),
  );

  app.put(
    '/api/admin/subjects/:id/grades',
    {
      config,
      schema: {
        tags: [tag],
        summary: 'Replaces the grade table: quantities unique 0..999, grades 0..1000.',
        params: contract.AdminIdParams,
        body: contract.AdminGradesRequest,
        response: { 200: contract.AdminGradesResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.putGrades(db, request.params.id, request.body) }),
  );
};
