import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@ensaya/core/contracts/admin';
import { registerAdminResource } from '../../../lib/admin-resource.ts';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import * as service from './service.ts';

/** What is sold: packages of a standard test's subjects, and promo codes. */
export const adminSalesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  registerAdminResource(app, {
    name: 'packages',
    tag: 'admin: sales',
    noun: 'package',
    schemas: {
      query: contract.AdminPackageQuery,
      list: contract.AdminPackageList,
      one: contract.AdminPackageResponse,
      create: contract.AdminPackageCreate,
      patch: contract.AdminPackagePatch,
    },
    list: (query) => service.listPackages(db, query),
    get: (id) => service.getPackage(db, id),
    create: (body) => service.createPackage(db, body),
    update: (id, body) => service.updatePackage(db, id, body),
    remove: (id) => service.deletePackage(db, id),
  });

  registerAdminResource(app, {
    name: 'promo-codes',
    tag: 'admin: sales',
    noun: 'promo code',
    schemas: {
      query: contract.AdminPromoCodeQuery,
      list: contract.AdminPromoCodeList,
      one: contract.AdminPromoCodeResponse,
      create: contract.AdminPromoCodeCreate,
      patch: contract.AdminPromoCodePatch,
    },
    list: (query) => service.listPromoCodes(db, query),
    get: (id) => service.getPromoCode(db, id),
    create: (body) => service.createPromoCode(db, body),
    update: (id, body) => service.updatePromoCode(db, id, body),
    remove: (id) => service.deletePromoCode(db, id),
  });
};
