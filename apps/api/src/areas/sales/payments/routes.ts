import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import {
  IdParams,
  PaymentLinkRequest,
  PaymentLinkResponse,
  SandboxCardRequest,
} from '@ensaya/core/contracts/subscriptions';
import { IdParam } from '@ensaya/core/contracts/ids';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import * as subscriptions from '../subscriptions/repo.ts';
import type { SandboxGateway } from './sandbox-gateway.ts';
import { sandboxCardPage, TRANSBANK_REDIRECT_SCRIPT, transbankRedirectPage } from './pages.ts';
import type { TransbankOneclickGateway } from './transbank-gateway.ts';
import * as service from './service.ts';

const errors = { 401: ApiError, 404: ApiError, 419: ApiError, 422: ApiError };

/** Where the student's browser lands after the card page, by outcome. */
const LANDING: Record<service.ReturnOutcome['result'], string> = {
  trial: '/confirmacion',
  active: '/subscripcion/exitosa',
  card_updated: '/subscripcion/exitosa',
  declined: '/factura/detalles',
  card_rejected: '/factura/detalles',
  aborted: '/factura/detalles',
  // A return that handled nothing for a subscription not paid for: its summary shows its state.
  unpaid: '/factura/detalles',
  // The trial the summary promised was refused (once per person and card): nothing was charged,
  // and the summary now says the first charge is made at payment.
  trial_used: '/factura/detalles',
};

/**
 * Payment links, the gateways' returns (callbacks), the sandbox gateway's hosted card page and the
 * page that posts the Transbank token (docs/architecture.md "Payments").
 */
export const paymentRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, config, appKey, clock, gateways },
) => {
  const deps: service.PaymentDeps = { gateways, appUrl: config.appUrl, appKey };

  // Gateways post HTML forms back (Transbank's TBK_TOKEN, our sandbox page's card form).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const linkFor = async (userId: number, id: number) =>
    ({ data: [id, await service.paymentLink(db, deps, userId, id)] }) as { data: [number, string] };

  app.post(
    '/api/user-subscriptions-increase',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary:
          "Payment link for the student's own subscription: the card page's URL at data[1] (open it in the same window).",
        body: PaymentLinkRequest,
        response: { 200: PaymentLinkResponse, ...errors },
      },
    },
    async (request) => linkFor(request.user!.id, request.body.id),
  );

  // The spec names both paths for the payment link of one subscription (spec 000 section 7).
  for (const path of [
    '/api/user-subscriptions/:id/increase-checkout-link',
    '/api/user-subscriptions/increase/:id',
  ]) {
    app.get(
      path,
      {
        config: { access: 'user' },
        schema: {
          tags: ['payments'],
          summary: 'The payment link of subscription {id} (URL at data[1]).',
          params: IdParams,
          response: { 200: PaymentLinkResponse, ...errors },
        },
      },
      async (request) => linkFor(request.user!.id, request.params.id),
    );
  }

  app.get(
    '/api/user-subscriptions/increase-checkout-link',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: "The payment link of the student's newest subscription (URL at data[1]).",
        response: { 200: PaymentLinkResponse, ...errors },
      },
    },
    async (request) => {
      const { rows } = await subscriptions.listUserSubscriptions(db, request.user!.id, {
        limit: 1,
        offset: 0,
      });
      if (!rows[0]) throw notFound();
      return linkFor(request.user!.id, rows[0].id);
    },
  );

  const returnSchema = {
    tags: ['payments'],
    summary:
      "The gateway's return after the card page (signed URL): stores the card, starts the trial or charges, then redirects to the web app. Handled once per event.",
    params: z.object({
      gateway: z.enum(['sandbox', 'transbank_oneclick']),
      id: IdParam,
    }),
    querystring: z.record(z.string(), z.string()),
  };
  const handleReturn = async (
    request: {
      params: { gateway: string; id: number };
      query: Record<string, string>;
      body?: unknown;
    },
    reply: { redirect(url: string, code?: number): unknown },
  ) => {
    const body = (request.body ?? {}) as Record<string, string>;
    const outcome = await service.handleReturn(
      db,
      deps,
      request.params.gateway,
      request.params.id,
      { ...body, ...request.query },
      await clock.now(),
    );
    const target = new URL(`${config.appUrl}${LANDING[outcome.result]}`);
    target.searchParams.set('subscription', String(outcome.subscriptionId));
    target.searchParams.set('payment', outcome.result);
    return reply.redirect(target.toString(), 303);
  };
  app.get(
    '/api/payments/:gateway/return/:id',
    { config: { access: 'public', csrf: false }, schema: returnSchema },
    handleReturn,
  );
  app.post(
    '/api/payments/:gateway/return/:id',
    {
      config: { access: 'public', csrf: false },
      schema: { ...returnSchema, body: z.record(z.string(), z.string()).optional() },
    },
    handleReturn,
  );

  // --- The sandbox gateway's hosted card page (the "gateway" side, served by the app) ----------

  // In production the sandbox's card page exists only when the sandbox was chosen on purpose.
  const hasSandboxPage = config.env !== 'production' || config.paymentGateway === 'sandbox';
  const sandbox = gateways.byName('sandbox') as SandboxGateway;
  if (hasSandboxPage) registerSandboxPage();
  function registerSandboxPage() {
    app.get(
      '/sandbox-gateway/enroll',
      {
        config: { access: 'public' },
        schema: { hide: true, querystring: z.object({ token: z.string().max(4000).optional() }) },
      },
      async (request, reply) => {
        const enrollment = sandbox.readEnrollment(request.query.token);
        if (!enrollment) throw new AppError(403, 'payments.signatureInvalid');
        return reply
          .type('text/html; charset=utf-8')
          .send(sandboxCardPage(request.query.token!, enrollment.r, request.language));
      },
    );

    app.post(
      '/sandbox-gateway/enroll',
      {
        config: { access: 'public', csrf: false },
        schema: { hide: true, body: SandboxCardRequest },
      },
      async (request, reply) => {
        const enrollment = sandbox.readEnrollment(request.body.token);
        if (!enrollment) throw new AppError(403, 'payments.signatureInvalid');
        const number = request.body.card_number.replace(/[\s-]/g, '');
        if (!/^\d{12,19}$/.test(number))
          throw new AppError(422, 'payments.cardNumber', {
            fields: { card_number: ['payments.cardNumber'] },
          });
        return reply.redirect(sandbox.completeEnrollment(enrollment, number), 303);
      },
    );
  }

  // Webpay wants the inscription token posted to its page: this page does it from the browser.
  const transbank = gateways.byName('transbank_oneclick') as TransbankOneclickGateway;
  app.get(
    '/payments/transbank/redirect',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        querystring: z.object({ url: z.string().max(500), token: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      if (!transbank.isWebpayUrl(request.query.url)) throw notFound();
      return reply
        .type('text/html; charset=utf-8')
        .send(transbankRedirectPage(request.query.url, request.query.token));
    },
  );
  // The page's script, as a file: the Content-Security-Policy allows no inline script.
  app.get(
    '/payments/transbank/redirect.js',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(TRANSBANK_REDIRECT_SCRIPT),
  );
};
