import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import { FeedbackBuilderValue } from '@ensaya/core/contracts/admin';
import {
  AfterLoginResponse,
  ChangePackageRequest,
  CreateSubscriptionRequest,
  FeedbackRequest,
  IdParams,
  InvoiceListQuery,
  InvoiceListResponse,
  MaxSubjectsResponse,
  MessageSubscriptionResponse,
  PackageListResponse,
  PackageResponse,
  PackageSubjectsResponse,
  PromoCodeRequest,
  PromoResultResponse,
  SetStatusPendingRequest,
  SetStatusRequest,
  StandardTestSubscriptionsResponse,
  SubscriptionListQuery,
  SubscriptionListResponse,
  SubscriptionResponse,
} from '@ensaya/core/contracts/subscriptions';
import { IdParam } from '@ensaya/core/contracts/ids';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import { notFound } from '../../../lib/app-error.ts';
import * as coupons from './coupons.ts';
import * as invoices from './invoices.ts';
import * as packages from './packages.ts';
import * as service from './service.ts';
import * as statusChanges from './status-changes.ts';

const errors = { 401: ApiError, 404: ApiError, 419: ApiError, 422: ApiError };
const user = { access: 'user' } as const;

/** The signed-in student of a public route, if any (an administrator buys nothing). */
const studentId = (request: { user: { id: number; role: string } | null }) =>
  request.user?.role === 'student' ? request.user.id : undefined;

/** Packages, subscriptions, coupons, status changes, feedback and invoices (spec 000 section 7). */
export const subscriptionRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, config, clock, gateways },
) => {
  const deps = { gateways, appUrl: config.appUrl };

  // --- Packages: public price table -----------------------------------------------------------

  app.get(
    '/api/packages',
    {
      config: { access: 'public' },
      schema: {
        tags: ['subscriptions'],
        summary: 'Packages for sale (the price table), optionally of one standard test.',
        querystring: z.object({ standard_test_id: IdParam.optional() }),
        response: { 200: PackageListResponse, 422: ApiError },
      },
    },
    async (request) => ({
      data: await packages.listPackages(db, request.query.standard_test_id, studentId(request)),
    }),
  );

  app.get(
    '/api/standard-tests/:id/packages',
    {
      config: { access: 'public' },
      schema: {
        tags: ['subscriptions'],
        summary: "A standard test's packages for sale.",
        params: IdParams,
        response: { 200: PackageListResponse, 422: ApiError },
      },
    },
    async (request) => ({
      data: await packages.listPackages(db, request.params.id, studentId(request)),
    }),
  );

  app.get(
    '/api/packages/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['subscriptions'],
        params: IdParams,
        response: { 200: PackageResponse, 404: ApiError, 422: ApiError },
      },
    },
    async (request) => ({ data: await packages.getPackage(db, request.params.id) }),
  );

  app.get(
    '/api/packages/:id/max-subjects',
    {
      config: { access: 'public' },
      schema: {
        tags: ['subscriptions'],
        summary: 'The most subjects per subscription of standard test {id} (first item).',
        params: IdParams,
        response: { 200: MaxSubjectsResponse, 404: ApiError, 422: ApiError },
      },
    },
    async (request) => ({ data: await packages.maxSubjects(db, request.params.id) }),
  );

  app.get(
    '/api/packages/:id/subjects',
    {
      config: { access: 'public' },
      schema: {
        tags: ['subscriptions'],
        summary: 'The subjects a package offers.',
        params: IdParams,
        response: { 200: PackageSubjectsResponse, 404: ApiError, 422: ApiError },
      },
    },
    async (request) => ({ data: await packages.packageSubjects(db, request.params.id) }),
  );

  app.get(
    '/api/packages/:id/user-subscriptions',
    {
      config: user,
      schema: {
        tags: ['subscriptions'],
        summary: "The student's subscriptions to a package.",
        params: IdParams,
        querystring: SubscriptionListQuery,
        response: { 200: SubscriptionListResponse, ...errors },
      },
    },
    async (request) => {
      const all = await service.listSubscriptions(
        db,
        request.user!.id,
        { ...request.query, page: 1, per_page: 100 },
        await clock.now(),
      );
      const data = all.data.filter((row) => row.package_id === request.params.id);
      return { data, meta: { page: 1, per_page: 100, total: data.length } };
    },
  );

  // --- Subscriptions ----------------------------------------------------------------------------

  app.post(
    '/api/user-subscriptions',
    {
      config: user,
      schema: {
        tags: ['subscriptions'],
        summary:
          'Subscribes to a package with exactly subjects_quantity of its subjects (after the address): status Created, priced with the region VAT.',
        body: CreateSubscriptionRequest,
        response: { 201: SubscriptionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.createSubscription(
        db,
        request.user!.id,
        request.body,
        await clock.now(),
      );
      return reply.status(201).send({ data });
    },
  );

  for (const path of ['/api/user-subscriptions', '/api/user-subscriptions/by-status']) {
    app.get(
      path,
      {
        config: user,
        schema: {
          tags: ['subscriptions'],
          summary: "The student's subscriptions, newest first, paginated (`status` filters).",
          querystring: SubscriptionListQuery,
          response: { 200: SubscriptionListResponse, ...errors },
        },
      },
      async (request) =>
        service.listSubscriptions(db, request.user!.id, request.query, await clock.now()),
    );
  }

  app.get(
    '/api/user-subscriptions/after-login',
    {
      config: user,
      schema: {
        tags: ['subscriptions'],
        summary: 'Where the student goes after login (spec 000 section 4), with trial days left.',
        response: { 200: AfterLoginResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.afterLogin(db, request.user!.id, await clock.now()),
    }),
  );

  app.get(
    '/api/user-subscriptions/standard-test',
    {
      config: user,
      schema: {
        tags: ['subscriptions'],
        summary:
          'Per standard test the student subscribed to, the subscription that matters (access first, then trial, then newest) with access and trial days left.',
        response: { 200: StandardTestSubscriptionsResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.standardTestSubscriptions(db, request.user!.id, await clock.now()),
    }),
  );

  app.get(
    '/api/user-subscriptions/details',
    {
      config: user,
      schema: {
        tags: ['subscriptions'],
        summary: "The student's newest subscription, as GET /api/user-subscriptions/{id}.",
        response: { 200: SubscriptionResponse, ...errors },
      },
    },
    async (request) => {
      const list = await service.listSubscriptions(
        db,
        request.user!.id,
        { page: 1, per_page: 1 },
        await clock.now(),
      );
      if (!list.data[0]) throw notFound();
      return { data: list.data[0] };
    },
  );

  app.get(
    '/api/user-subscriptions/:id',
    {
      config: user,
      schema: {
        tags: ['subscriptions'],
        summary:
          'One subscription of the student: package, subjects, dates, trial, price block, coupon, card, notice.',
        params: IdParams,
        response: { 200: SubscriptionResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.getSubscription(
        db,
        request.user!.id,
        request.params.id,
        await clock.now(),
      ),
    }),
  );

  app.post(
    '/api/user-subscriptions/:id/change-package',
    {
      config: user,
      schema: {
        tags: ['subscriptions'],
        summary:
          'Change package: an unpaid subscription changes; a paid one gets a new Created subscription.',
        params: IdParams,
        body: ChangePackageRequest,
        response: { 200: SubscriptionResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.changePackage(
        db,
        request.user!.id,
        request.params.id,
        request.body,
        await clock.now(),
      ),
    }),
  );

  // --- Coupons ------------------------------------------------------------------------------------

  app.post(
    '/api/user-subscriptions/:id/verify-promo-code',
    {
      config: user,
      schema: {
        tags: ['subscriptions'],
        summary: "The price with a coupon (nothing redeemed); 422 'Invalid Coupon.'.",
        params: IdParams,
        body: PromoCodeRequest,
        response: { 200: PromoResultResponse, ...errors },
      },
    },
    async (request) => ({
      data: await coupons.verifyPromoCode(
        db,
        request.user!.id,
        request.params.id,
        request.body.code,
        await clock.now(),
      ),
      message: request.t('subscriptions.couponValid'),
    }),
  );

  app.post(
    '/api/user-subscriptions/:id/subscribe',
    {
      config: user,
      schema: {
        tags: ['subscriptions'],
        summary: 'Applies the coupon (once) and prices the subscription again; empty code: none.',
        params: IdParams,
        body: PromoCodeRequest,
        response: { 200: SubscriptionResponse, ...errors },
      },
    },
    async (request) => ({
      data: await coupons.subscribeWithCode(
        db,
        request.user!.id,
        request.params.id,
        request.body.code,
        await clock.now(),
      ),
    }),
  );

  // --- Status --------------------------------------------------------------------------------------

  app.post(
    '/api/user-subscriptions/set-status-pending',
    {
      config: user,
      schema: {
        tags: ['subscriptions'],
        summary: 'Created -> Pending: the student is going to the payment platform.',
        body: SetStatusPendingRequest,
        response: { 200: SubscriptionResponse, ...errors },
      },
    },
    async (request) => ({
      data: await statusChanges.setStatusPending(
        db,
        request.user!.id,
        request.body.id,
        await clock.now(),
      ),
    }),
  );

  app.post(
    '/api/user-subscriptions/set-status',
    {
      config: user,
      schema: {
        tags: ['subscriptions'],
        summary:
          'The renewal toggle and activate: PAUSE (Active -> Pause, access until the end) or ACTIVE (Pause -> Active).',
        body: SetStatusRequest,
        response: { 200: MessageSubscriptionResponse, ...errors },
      },
    },
    async (request) => {
      const { subscription, message } = await statusChanges.setStatus(
        db,
        deps,
        request.user!.id,
        request.body.id,
        request.body.status,
        await clock.now(),
      );
      return { data: subscription, message: request.t(message.key, asParams(message.params)) };
    },
  );

  app.post(
    '/api/user-subscriptions/feedback',
    {
      config: user,
      schema: {
        tags: ['subscriptions'],
        summary:
          'The cancel wizard: answers checked against feedback_builder, then Active -> Pause (access until the end).',
        body: FeedbackRequest,
        response: { 200: MessageSubscriptionResponse, ...errors },
      },
    },
    async (request) => {
      const { subscription, message } = await statusChanges.saveFeedback(
        db,
        deps,
        request.user!.id,
        request.body,
        request.language,
        await clock.now(),
      );
      return { data: subscription, message: request.t(message.key, message.params) };
    },
  );

  app.get(
    '/api/feedback-builder',
    {
      config: user,
      schema: {
        tags: ['subscriptions'],
        summary: 'The cancel questionnaire (settings key feedback_builder), labels in es and en.',
        response: { 200: z.object({ data: FeedbackBuilderValue }), 401: ApiError },
      },
    },
    async () => ({ data: await statusChanges.feedbackBuilder(db) }),
  );

  // --- Invoices -------------------------------------------------------------------------------------

  app.get(
    '/api/invoices',
    {
      config: user,
      schema: {
        tags: ['subscriptions'],
        summary: "The student's invoices, newest first: number, net, VAT, total, status.",
        querystring: InvoiceListQuery,
        response: { 200: InvoiceListResponse, ...errors },
      },
    },
    async (request) => invoices.listInvoices(db, request.user!.id, request.query),
  );
};

function asParams(params: Record<string, unknown> | undefined) {
  return Object.fromEntries(
    Object.entries(params ?? {}).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}
