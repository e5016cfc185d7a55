import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@ensaya/core/api/error';
import {
  AttemptResponse,
  AttemptThemesResponse,
  BeginAttemptResponse,
  IdParams,
  InProgressAttemptsResponse,
  InProgressError,
  PeriodResponse,
  ResultResponse,
  SaveAnswersConflict,
  SaveAnswersRequest,
  SaveAnswersResponse,
  ScoringResponse,
  StartUserTestRequest,
  StemCorrectionRequest,
  SubjectListResponse,
  SubmitAttemptRequest,
  SubjectSetupResponse,
} from '@ensaya/core/contracts/engine';
import {
  AnnotationsResponse,
  SaveAnnotationsRequest,
  SaveAnnotationsResponse,
} from '@ensaya/core/contracts/annotations';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import { readAnnotations, saveAnnotations } from './annotations.ts';
import { requestLeave, saveAnswers } from './answers.ts';
import { attemptThemes, readAttempt } from './attempt-view.ts';
import { beginAttempt, inProgressAttempts } from './begin.ts';
import { getPeriod, listSubjects, subjectSetup } from './catalog.ts';
import { requestStemCorrection } from './comment.ts';
import { startAttempt } from './start.ts';
import { countRequestedSubmits } from './scoring-repo.ts';
import { startSubmitScorer } from './scoring.ts';
import { attemptResult, attemptResultOrScoring, requestSubmit, submitAttempt } from './submit.ts';

const errors = { 401: ApiError, 404: ApiError, 419: ApiError };
const MessageResponse = z.object({ message: z.string() });

/**
 * The test engine (docs/architecture.md, "Test engine"): the server chooses the questions, keeps the answers
 * as they are given, times the attempt and scores it.
 */
export const userTestRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, config, appKey },
) => {
  // Submits acknowledged at once are scored here in batches (scoring.ts).
  const scorer = startSubmitScorer({ db, log: app.log });
  app.addHook('onClose', async () => scorer.stop());
  /** 202: the attempt's result is being scored; when to ask again, from its place in the queue. */
  const scoring = async (reply: FastifyReply, id: number, since: Date | null) => {
    // The acknowledgement counts nothing (it is the burst's cheapest answer): its page reads the
    // result at once and learns its wait then.
    const ahead = since ? await countRequestedSubmits(db, since) : 0;
    const retryAfter = scorer.retryAfterSeconds(ahead);
    return reply
      .status(202)
      .header('retry-after', String(retryAfter))
      .send({ data: { user_test_id: id, status: 'scoring' as const, retry_after_s: retryAfter } });
  };

  app.get(
    '/api/subjects',
    {
      config: { access: 'user' },
      schema: {
        tags: ['tests'],
        summary: 'Subject cards per standard test: access, tests taken, an attempt in progress.',
        response: { 200: SubjectListResponse, 401: ApiError, 429: ApiError },
      },
    },
    async (request) => ({ data: await listSubjects(db, request.user!.id, new Date()) }),
  );

  app.get(
    '/api/subjects/:id/setup',
    {
      config: { access: 'user' },
      schema: {
        tags: ['tests'],
        summary: "A subject's themes with question counts and mock exam weights (`/temas`).",
        params: IdParams,
        response: { 200: SubjectSetupResponse, ...errors },
      },
    },
    async (request) => ({
      data: await subjectSetup(db, request.user!.id, request.params.id, new Date()),
    }),
  );

  app.get(
    '/api/periods/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['tests'],
        summary: 'A period: mock exam duration (minutes) and question count.',
        params: IdParams,
        response: { 200: PeriodResponse, ...errors },
      },
    },
    async (request) => ({ data: await getPeriod(db, request.params.id) }),
  );

  app.post(
    '/api/user-tests',
    {
      config: { access: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['tests'],
        summary:
          'Starts an attempt: checks access (403), selects and orders the questions, sets the deadline. 409 names an attempt in progress.',
        body: StartUserTestRequest,
        response: {
          201: AttemptResponse,
          403: ApiError,
          // An attempt in progress (to resume), or a first diagnostic already taken.
          409: z.union([InProgressError, ApiError]),
          422: ApiError,
          429: ApiError,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const id = await startAttempt(db, request.user!, request.body, now);
      return reply
        .status(201)
        .send({ data: await readAttempt(db, request.user!, id, now, appKey) });
    },
  );

  app.get(
    '/api/user-tests/in-progress',
    {
      config: { access: 'user' },
      schema: {
        tags: ['tests'],
        summary:
          "The student's attempts still running, the latest first (the resume banner). One past its deadline or its leave grace is sent first.",
        response: { 200: InProgressAttemptsResponse, 401: ApiError, 419: ApiError },
      },
    },
    async (request) => ({
      data: await inProgressAttempts(
        db,
        request.user!.id,
        new Date(),
        config.attemptLeaveGraceSeconds,
      ),
    }),
  );

  app.get(
    '/api/user-tests/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['tests'],
        summary:
          "An attempt with its questions in order and saved answers (keys only once sent). While it runs the questions carry state only and `content_url` names their content (`GET /api/content/{key}`); once sent they carry everything, but a scheduled ensayo's attempt keeps its key (`result.key_withheld_until`) until the ensayo is over. Opening it cancels a pending leave.",
        params: IdParams,
        response: { 200: AttemptResponse, ...errors },
      },
    },
    async (request) => ({
      data: await readAttempt(db, request.user!, request.params.id, new Date(), appKey),
    }),
  );

  app.get(
    '/api/user-tests/:id/themes',
    {
      config: { access: 'user' },
      schema: {
        tags: ['tests'],
        summary: "An attempt's themes with question counts and outcomes.",
        params: IdParams,
        response: { 200: AttemptThemesResponse, ...errors },
      },
    },
    async (request) => ({
      data: await attemptThemes(db, request.user!.id, request.params.id),
    }),
  );

  app.post(
    '/api/user-tests/:id/stems',
    {
      // Answers come often (one per click, 200 students at once): the per-address limit of the
      // rest of the API would throttle a classroom behind one address.
      config: { access: 'user', rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags: ['tests'],
        summary:
          "Saves questions' answers and marks (whole state, last write wins by seq). 409 before a timed attempt's begin, once sent, after the deadline, or for a change to a question revealed in study mode (`locked`).",
        params: IdParams,
        body: SaveAnswersRequest,
        response: { 200: SaveAnswersResponse, 409: SaveAnswersConflict, 422: ApiError, ...errors },
      },
    },
    async (request) => ({
      data: await saveAnswers(
        db,
        request.user!.id,
        request.params.id,
        request.body.stems,
        new Date(),
      ),
    }),
  );

  app.get(
    '/api/user-tests/:id/annotations',
    {
      config: { access: 'user' },
      schema: {
        tags: ['tests'],
        summary:
          "The student's crossed-out choices and highlighted passages on their own attempt, while it runs and once sent (the review).",
        params: IdParams,
        response: { 200: AnnotationsResponse, ...errors },
      },
    },
    async (request) => ({
      data: await readAnnotations(db, request.user!.id, request.params.id),
    }),
  );

  app.put(
    '/api/user-tests/:id/annotations',
    {
      // Saved as the student works (one per strike-out or highlight), like answers.
      config: { access: 'user', rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        tags: ['tests'],
        summary:
          "Saves the attempt's crossed-out choices and highlights (whole state, last write wins by seq; `applied` false for an older or repeated seq). 409 once sent, past the deadline or before a timed attempt's begin; 422 for a question, choice or context not the attempt's. Never changes an answer.",
        params: IdParams,
        body: SaveAnnotationsRequest,
        response: { 200: SaveAnnotationsResponse, 409: ApiError, 422: ApiError, ...errors },
      },
    },
    async (request) => ({
      data: await saveAnnotations(
        db,
        request.user!.id,
        request.params.id,
        request.body,
        new Date(),
      ),
    }),
  );

  app.post(
    '/api/user-tests/:id/begin',
    {
      config: { access: 'user' },
      schema: {
        tags: ['tests'],
        summary:
          "The instructions were continued: the clock starts now, and `content_url` names the questions' content (a timed attempt has none before). Beginning again changes nothing; 409 once sent or past the deadline.",
        params: IdParams,
        response: { 200: BeginAttemptResponse, 409: ApiError, ...errors },
      },
    },
    async (request) => ({
      data: await beginAttempt(db, request.user!.id, request.params.id, new Date(), appKey),
    }),
  );

  app.post(
    '/api/user-tests/:id/submit',
    {
      config: { access: 'user' },
      schema: {
        tags: ['tests'],
        summary:
          "Sends the attempt. With `Prefer: respond-async` the submit is recorded and acknowledged at once (202; the attempt ended then, no answer is taken after it) and scored in a batch: `GET …/result` gives the result when ready (seconds). Without it, returns the result. Sending twice changes nothing. `reason`: why the client sends it (default `student`). 409 for a scheduled ensayo's attempt before the ensayo's start.",
        params: IdParams,
        body: SubmitAttemptRequest.nullish(),
        response: {
          200: ResultResponse,
          202: ScoringResponse,
          409: ApiError,
          422: ApiError,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const id = request.params.id;
      const reason = request.body?.reason ?? 'student';
      const now = new Date();
      if (!prefersAsync(request.headers.prefer)) {
        return { data: await submitAttempt(db, userId, id, now, reason) };
      }
      if ((await requestSubmit(db, userId, id, now, reason)) === 'submitted') {
        return { data: await attemptResult(db, userId, id, now) };
      }
      scorer.kick();
      return scoring(reply.header('preference-applied', 'respond-async'), id, null);
    },
  );

  app.get(
    '/api/user-tests/:id/result',
    {
      config: { access: 'user' },
      schema: {
        tags: ['tests'],
        summary:
          "The result of a sent attempt: 202 while an acknowledged submit is being scored, 409 while it runs. A scheduled ensayo's attempt sent while others still sit it gives `key_withheld_until`.",
        params: IdParams,
        response: { 200: ResultResponse, 202: ScoringResponse, 409: InProgressError, ...errors },
      },
    },
    async (request, reply) => {
      const result = await attemptResultOrScoring(
        db,
        request.user!.id,
        request.params.id,
        new Date(),
      );
      if (!('scoringSince' in result)) return { data: result };
      // Scored by now elsewhere unless its instance stopped: this one takes it over.
      scorer.kick();
      return scoring(reply, request.params.id, result.scoringSince);
    },
  );

  app.post(
    '/api/user-tests/:id/leave',
    {
      config: { access: 'user' },
      schema: {
        tags: ['tests'],
        summary: `The page was closed: the attempt is sent after ${config.attemptLeaveGraceSeconds} s unless opened again.`,
        params: IdParams,
        response: { 202: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requestLeave(db, request.user!.id, request.params.id, new Date());
      return reply.status(202).send({ message: 'Accepted' });
    },
  );

  app.post(
    '/api/mail/stem-correction-request',
    {
      config: { access: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['tests'],
        summary: "A student's comment on a question, mailed to the content team.",
        body: StemCorrectionRequest,
        response: { 200: MessageResponse, 422: ApiError, 429: ApiError, ...errors },
      },
    },
    async (request) => {
      await requestStemCorrection(
        db,
        { appUrl: config.appUrl, contentTeamEmail: config.contentTeamEmail },
        request.user!.id,
        {
          subjectId: request.body.subjectId,
          stemId: request.body.stemId,
          comment: (request.body.comment ?? request.body.commment)!,
        },
      );
      return { message: request.t('engine.commentSent') };
    },
  );
};

/** Whether a `Prefer` header asks for an asynchronous answer (RFC 7240 `respond-async`). */
function prefersAsync(prefer: string | string[] | undefined): boolean {
  return [prefer ?? []]
    .flat()
    .flatMap((header) => header.split(','))
    .some((preference) => preference.split(';')[0]!.trim().toLowerCase() === 'respond-async');
}
