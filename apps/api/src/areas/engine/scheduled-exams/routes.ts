import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@ensaya/core/api/error';
import { AttemptContentResponse } from '@ensaya/core/contracts/engine';
import { IdParams } from '@ensaya/core/contracts/ids';
import {
  AdminScheduledExamResponse,
  AdminScheduledExamsResponse,
  CreateScheduledExamRequest,
  ScheduledExamKeyResponse,
  ScheduledExamResponse,
  ScheduledExamResultsResponse,
  ScheduledExamsResponse,
  SealedContentResponse,
} from '@ensaya/core/contracts/scheduled-exam';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import { pickEncoding, type ContentEntry } from '../../content/index.ts';
import { scheduledExamResults } from './results.ts';
import { ScheduledContentCache } from './sealed-content.ts';
import * as service from './service.ts';

const errors = { 401: ApiError, 404: ApiError, 419: ApiError };
const participantErrors = { ...errors, 403: ApiError, 409: ApiError };
const tags = ['scheduled ensayos'];

/**
 * How long a browser may keep the sealed or plain form without asking again. Short: an edit
 * during the ensayo gives a new version, which the page must be able to fetch.
 */
const FORM_MAX_AGE_SECONDS = 60;

/**
 * Scheduled ensayos (docs/api.md, "Scheduled ensayos"): the back office schedules one
 * fixed form; students join its waiting room, download it sealed, ask for the key at the start and
 * sit it as an ordinary mock-exam attempt with everyone's clock; the results place them in the
 * cohort.
 */
export const scheduledExamRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const forms = new ScheduledContentCache(db);

  /** A form's body from memory, in the encoding the browser accepts; 304 for its own copy. */
  async function sendForm(request: FastifyRequest, reply: FastifyReply, entry: ContentEntry) {
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const etag = entry.etag.replace(/"$/, encoding === 'identity' ? '"' : `-${encoding}"`);
    reply
      .header('vary', 'Accept-Encoding')
      .header('cache-control', `private, max-age=${FORM_MAX_AGE_SECONDS}`)
      .header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
    const body = await entry.body(encoding, () => {});
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    // A Buffer goes out as it is, past the serializer: it is the JSON of the declared schema.
    return reply.type('application/json; charset=utf-8').send(body as unknown as null);
  }

  // --- Back office ------------------------------------------------------------------------------

  app.get(
    '/api/admin/scheduled-exams',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin: scheduled ensayos'],
        summary: 'Scheduled ensayos, the latest start first, with their counts.',
        response: { 200: AdminScheduledExamsResponse, 401: ApiError, 403: ApiError },
      },
    },
    async () => ({ data: await service.listAdminScheduledExams(db, new Date()) }),
  );

  app.post(
    '/api/admin/scheduled-exams',
    {
      config: { access: 'admin', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin: scheduled ensayos'],
        summary:
          'Schedules an ensayo: draws its one form now by the mock-exam rules (elective required for a subject with electives, refused elsewhere), its choices in one order for everyone. 422 for a start not in the future or a late join as long as the ensayo.',
        body: CreateScheduledExamRequest,
        response: {
          201: AdminScheduledExamResponse,
          401: ApiError,
          403: ApiError,
          419: ApiError,
          422: ApiError,
        },
      },
    },
    async (request, reply) => {
      const exam = await service.createScheduledExam(
        db,
        request.user!.id,
        request.body,
        new Date(),
      );
      return reply.status(201).send({ data: exam });
    },
  );

  app.delete(
    '/api/admin/scheduled-exams/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin: scheduled ensayos'],
        summary:
          'Cancels an ensayo before its start (its prepared attempts are deleted); 409 once started.',
        params: IdParams,
        response: { 200: AdminScheduledExamResponse, 403: ApiError, 409: ApiError, ...errors },
      },
    },
    async (request) => ({
      data: await service.cancelScheduledExam(db, request.params.id, new Date()),
    }),
  );

  // --- Students ---------------------------------------------------------------------------------

  app.get(
    '/api/scheduled-exams',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'The ensayos of the subjects the student has access to, not cancelled, ended at most 7 days ago, soonest first, with their state by the server clock.',
        response: { 200: ScheduledExamsResponse, 401: ApiError, 419: ApiError },
      },
    },
    async (request) => ({
      data: await service.listScheduledExams(db, request.user!.id, new Date()),
    }),
  );

  app.get(
    '/api/scheduled-exams/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'One ensayo as the student sees it; 404 unless its subject is open to them.',
        params: IdParams,
        response: { 200: ScheduledExamResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.getScheduledExam(db, request.user!.id, request.params.id, new Date()),
    }),
  );

  app.post(
    '/api/scheduled-exams/:id/join',
    {
      config: { access: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Joins the waiting room (from 15 minutes before the start to the end of the late minutes; 409 `notOpen` / `joinClosed`). Twice is once. A join from 2 minutes before the start on prepares the attempt at once.',
        params: IdParams,
        response: { 200: ScheduledExamResponse, 409: ApiError, ...errors },
      },
    },
    async (request) => ({
      data: await service.joinScheduledExam(db, request.user!.id, request.params.id, new Date()),
    }),
  );

  app.get(
    '/api/scheduled-exams/:id/sealed',
    {
      // A classroom behind one address downloads it at once.
      config: { access: 'user', rateLimit: { max: 600, timeWindow: '1 minute' } },
      compress: false,
      schema: {
        tags,
        summary:
          "The form's content encrypted (AES-256-GCM) under the ensayo's key, the same bytes for every participant; 403 for a student who has not joined.",
        params: IdParams,
        response: { 200: SealedContentResponse, 304: z.null(), ...participantErrors },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const head = await service.participantOf(db, request.user!.id, request.params.id, now);
      const form = await forms.get(head, head.contentVersion);
      return sendForm(request, reply, form.sealed);
    },
  );

  app.post(
    '/api/scheduled-exams/:id/key',
    {
      config: { access: 'user', rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "From the start, for a participant: the form's key, the student's attempt (prepared now if it was not) and its clock. 409 `notStarted` before the start, with nothing readable.",
        params: IdParams,
        response: { 200: ScheduledExamKeyResponse, ...participantErrors },
      },
    },
    async (request) => ({
      data: await service.scheduledExamKey(db, request.user!.id, request.params.id, new Date()),
    }),
  );

  app.get(
    '/api/scheduled-exams/:id/content',
    {
      config: { access: 'user', rateLimit: { max: 600, timeWindow: '1 minute' } },
      compress: false,
      schema: {
        tags,
        summary:
          "The form's content in the clear (as `GET /api/content/{key}` answers it), for a participant, from the start (409 before): the attempt's `content_url`.",
        params: IdParams,
        response: { 200: AttemptContentResponse, 304: z.null(), ...participantErrors },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const head = await service.participantOf(db, request.user!.id, request.params.id, now);
      service.requireStarted(head, now);
      const form = await forms.get(head, head.contentVersion);
      return sendForm(request, reply, form.plain);
    },
  );

  app.get(
    '/api/scheduled-exams/:id/results',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "The participant's place among everyone who sat the ensayo (percentile, distribution in 50-point buckets, per theme), once every clock has ended (409 `resultsNotReady` before).",
        params: IdParams,
        response: { 200: ScheduledExamResultsResponse, ...participantErrors },
      },
    },
    async (request) => ({
      data: await scheduledExamResults(db, request.user!.id, request.params.id, new Date()),
    }),
  );
};
