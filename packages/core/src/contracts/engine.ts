import { z } from 'zod';
import {
  MAX_COMMENT_LENGTH,
  MAX_TIMER_HOURS,
  MAX_TIMER_MINUTES,
  selectionProblem,
  timerProblem,
} from '../engine/setup.ts';
import { APPROVAL_RULES } from '../engine/scoring.ts';
import { TEST_MODES, TEST_TYPES } from '../engine/test-kinds.ts';
import { ATTEMPT_END_REASONS } from '../engine/timing.ts';
import { Id } from './ids.ts';
import { WRONG_ANSWERS_MAX, WRONG_SOURCES } from '../engine/wrong-answers.ts';
export {
  WRONG_ANSWERS_MAX,
  WRONG_ANSWERS_SET,
  WRONG_SOURCES,
  type WrongSource,
} from '../engine/wrong-answers.ts';

// The test engine's API (spec 001; docs/architecture.md "Test engine"): subject list, setup, start, answers,
// submit and result. Shared by the API, which validates and documents with these schemas, and the
// web app. Field names are snake_case.

export { IdParams } from './ids.ts';

export { TEST_MODES, TEST_TYPES, type TestMode } from '../engine/test-kinds.ts';

export const Timer = z.object({
  hours: z.number().int().min(0).max(MAX_TIMER_HOURS),
  minutes: z.number().int().min(0).max(MAX_TIMER_MINUTES),
});

export const Selection = z.object({
  /** 1 all, 2 a count, 3 a range of bank numbers, 4 by theme (spec 001, section 2). */
  value: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  limit: z.number().int().min(0).max(10_000).nullish(),
  from: z.number().int().min(0).max(1_000_000).nullish(),
  to: z.number().int().min(0).max(1_000_000).nullish(),
  themes: z
    .array(z.object({ theme_id: Id, quantity: z.number().int().min(0).max(10_000) }))
    .max(100)
    .optional(),
});
export type Selection = z.infer<typeof Selection>;

/**
 * `POST api/user-tests`. Practice needs a selection; a mock exam takes the period's count, weights
 * and duration; historical repeats `source_user_test_id`; wrong answers draws the student's own
 * (`own`) or everyone's most failed (`general`) questions. With an attempt in progress in the
 * subject the answer is 409 naming it, unless `replace_in_progress` sends that one first.
 */
export const StartUserTestRequest = z
  .object({
    subject_id: Id,
    mode: z.enum(TEST_MODES),
    selection: Selection.optional(),
    random_question: z.boolean().default(false),
    random_answer: z.boolean().default(false),
    study_mode: z.boolean().default(false),
    /** Null or absent: no timer (practice only). */
    timer: Timer.nullish(),
    source_user_test_id: Id.optional(),
    /**
     * Wrong answers: the student's own (`own`), everyone's most failed (`general`), or the
     * student's spaced-review queue due today (`review`: FSRS, rated and rescheduled at submit).
     */
    wrong_source: z.enum(WRONG_SOURCES).optional(),
    /**
     * Wrong answers from `own` or `general`: how many questions at most (default
     * `WRONG_ANSWERS_SET`, 20); the student may ask for more. A review session is sized by the queue.
     */
    wrong_limit: z.number().int().min(1).max(WRONG_ANSWERS_MAX).optional(),
    /**
     * A mock exam of a subject with elective themes (Ciencias): the elective module chosen, one of
     * the subject's elective themes (required there; refused elsewhere).
     */
    elective_theme_id: Id.optional(),
    replace_in_progress: z.boolean().default(false),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.mode === 'practice') {
      if (!body.selection) {
        context.addIssue({ code: 'custom', path: ['selection'], message: 'validation.required' });
      } else {
        const problem = selectionProblem(body.selection);
        if (problem) {
          context.addIssue({
            code: 'custom',
            path: ['selection', problem.field],
            message: problem.message,
          });
        }
      }
    }
    if (body.timer) {
      const problem = timerProblem(body.timer);
      if (problem) context.addIssue({ code: 'custom', path: ['timer'], message: problem });
    }
    if (body.mode === 'historical' && body.source_user_test_id === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['source_user_test_id'],
        message: 'validation.required',
      });
    }
    if (
      body.mode !== 'mock_exam' &&
      body.mode !== 'diagnostic' &&
      body.elective_theme_id !== undefined
    ) {
      context.addIssue({
        code: 'custom',
        path: ['elective_theme_id'],
        message: 'engine.electiveInvalid',
      });
    }
    if (body.mode === 'wrong_answers' && body.wrong_source === undefined) {
      context.addIssue({ code: 'custom', path: ['wrong_source'], message: 'validation.required' });
    }
  });
export type StartUserTestRequest = z.input<typeof StartUserTestRequest>;

export const AttemptChoice = z.object({
  id: z.number().int(),
  /** A to I. */
  label: z.string(),
  body_html: z.string(),
  /**
   * Only for debug users while the test runs, and for everyone once it is sent (not while a sent
   * scheduled ensayo's key is withheld: `result.key_withheld_until`).
   */
  is_correct: z.boolean().optional(),
});

export const AttemptQuestion = z.object({
  position: z.number().int(),
  stem_id: z.number().int(),
  stem_number: z.number().int(),
  theme_id: z.number().int(),
  theme_name: z.string(),
  statement_html: z.string(),
  is_multi_choice: z.boolean(),
  url_source: z.string().nullable(),
  context: z.object({ id: z.number().int(), title: z.string(), body_html: z.string() }).nullable(),
  choices: z.array(AttemptChoice),
  chosen_choice_ids: z.array(z.number().int()),
  is_marked: z.boolean(),
  /** The last client sequence number the server applied to this question. */
  seq: z.number().int(),
  /**
   * Study mode after the question is answered, and every question once the test is sent: the
   * worked solution and the outcome. Absent while a sent scheduled ensayo's key is withheld
   * (`result.key_withheld_until`).
   */
  solution_html: z.string().optional(),
  correct_choice_ids: z.array(z.number().int()).optional(),
  is_correct: z.boolean().nullable().optional(),
});
export type AttemptQuestion = z.infer<typeof AttemptQuestion>;

export const ThemeResult = z.object({
  theme_id: z.number().int(),
  name: z.string(),
  correct: z.number().int(),
  incorrect: z.number().int(),
  unanswered: z.number().int(),
});

/** What a subject's approval grade means (core `APPROVAL_RULES`). */
export const ApprovalRule = z.enum(APPROVAL_RULES);

/** The elective module of a mock exam (Ciencias). */
export const AttemptElective = z.object({ theme_id: z.number().int(), name: z.string() });

export const AttemptResult = z.object({
  user_test_id: z.number().int(),
  type: z.enum(TEST_TYPES),
  mode: z.enum(TEST_MODES),
  /** A wrong-answers test: which kind (spaced review, own or everyone's missed questions). */
  wrong_source: z.enum(WRONG_SOURCES).nullish(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  start: z.string(),
  end: z.string(),
  elapsed_seconds: z.number().int(),
  score: z.number().int(),
  /** Null when the subject has no pass mark (`approval_rule` other than `pass_mark`). */
  passed: z.boolean().nullable(),
  approval_grade: z.number().int(),
  /**
   * `pass_mark` (class B: passes at `approval_grade`), `application_average` (PAES CL and M1:
   * `approval_grade` is the minimum CL + M1 average to apply) or `none`.
   */
  approval_rule: ApprovalRule,
  /**
   * `application_average` only: the student's CL + M1 average (the latest mock exam grade of each)
   * once both exist, else null.
   */
  application_average: z.number().int().nullable(),
  /** Scored questions (pilot questions left out); `correct` etc. count these. */
  total: z.number().int(),
  /** PAES mock exams: unscored pilot questions the exam held (which ones is not told). */
  pilot_count: z.number().int(),
  /** The elective module of a Ciencias mock exam, else null. */
  elective: AttemptElective.nullable(),
  correct: z.number().int(),
  incorrect: z.number().int(),
  unanswered: z.number().int(),
  /** Correct answers as a percentage of the questions, one decimal. */
  percentage: z.number(),
  themes: z.array(ThemeResult),
  /** Class B: the question numbers that were worth one more point. */
  special_numbers: z.array(z.number().int()),
  /** How it ended: sent by the student, by the server when the time ran out, or by leaving. */
  ended_by: z.enum(ATTEMPT_END_REASONS),
  /**
   * A scheduled ensayo's attempt sent while others still sit it: the answer key is withheld until
   * this time (ISO 8601, the ensayo's clock end; it may come earlier, once everyone has sent). Its
   * questions then carry no `correct_choice_ids`, `solution_html`, `is_correct`, nor the choices'
   * `is_correct`; the score and the counts are given. Null otherwise. Always sent by the API;
   * optional so that clients written before it keep compiling.
   */
  key_withheld_until: z.iso.datetime().nullable().optional(),
});
export type AttemptResult = z.infer<typeof AttemptResult>;

export const Attempt = z.object({
  id: z.number().int(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  standard_test_id: z.number().int(),
  period_id: z.number().int(),
  type: z.enum(TEST_TYPES),
  mode: z.enum(TEST_MODES),
  /** A wrong-answers test: which kind (spaced review, own or everyone's missed questions). */
  wrong_source: z.enum(WRONG_SOURCES).nullish(),
  status: z.enum(['in_progress', 'submitted']),
  random_question: z.boolean(),
  random_answer: z.boolean(),
  study_mode: z.boolean(),
  /** Timer length; null when the timer is off. */
  seconds: z.number().int().nullable(),
  started_at: z.string(),
  /**
   * When the student pressed "Continue" on the instructions (`POST .../begin`); the clock runs
   * from then. Null until then: the instructions are shown again.
   */
  begun_at: z.string().nullable(),
  /** Null when the timer is off, and until the attempt is begun. */
  deadline_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  /** The server's clock when this was read, so the countdown can correct for clock offset. */
  server_now: z.string(),
  questions: z.array(AttemptQuestion),
  result: AttemptResult.nullable(),
});
/** An attempt with its questions' content: what the pages show (core `withContent`). */
export type Attempt = z.infer<typeof Attempt>;

/**
 * A question of an attempt as `GET api/user-tests/{id}` sends it. While the attempt runs it carries
 * order and state only (choice ids and labels in the attempt's order, answers, mark, study-mode
 * reveals): the statement, the choices' text and the context come from the attempt's
 * `content_url`. Once sent it carries everything, as `AttemptQuestion`.
 */
export const AttemptQuestionState = AttemptQuestion.extend({
  statement_html: z.string().optional(),
  url_source: z.string().nullable().optional(),
  context: AttemptQuestion.shape.context.optional(),
  /** `body_html` is absent while the attempt runs (the content gives it); present once sent. */
  choices: z.array(AttemptChoice.extend({ body_html: z.string().optional() })),
});
export type AttemptQuestionState = z.infer<typeof AttemptQuestionState>;

export const AttemptState = Attempt.extend({
  questions: z.array(AttemptQuestionState),
  /**
   * While the attempt runs: where the statements, choices and contexts of all its questions are
   * fetched in one request (`GET api/content/{key}`, immutable, for this attempt's student, expiring
   * after a few hours: read the attempt again for a fresh one). Null for a timed attempt until its
   * begin, and once sent: the questions then carry their content and solutions.
   */
  content_url: z.string().nullable(),
});
export type AttemptState = z.infer<typeof AttemptState>;
export const AttemptResponse = z.object({ data: AttemptState });

/** One question's content: no key, no solution (those come with the attempt when due). */
export const ContentQuestion = z.object({
  stem_id: z.number().int(),
  statement_html: z.string(),
  url_source: z.string().nullable(),
  context_id: z.number().int().nullable(),
  /** In the bank's order; the attempt gives its own order and labels. */
  choices: z.array(z.object({ id: z.number().int(), body_html: z.string() })),
});
export type ContentQuestion = z.infer<typeof ContentQuestion>;

export const ContentContext = z.object({
  id: z.number().int(),
  title: z.string(),
  body_html: z.string(),
});

/** `GET api/content/{key}`: the content of a set of questions, by stem id; contexts once each. */
export const AttemptContent = z.object({
  questions: z.array(ContentQuestion),
  contexts: z.array(ContentContext),
});
export type AttemptContent = z.infer<typeof AttemptContent>;
export const AttemptContentResponse = z.object({ data: AttemptContent });

/**
 * `POST api/user-tests/{id}/begin`: the clock, once started, and where the questions' content is
 * read from now on (`content_url`, as in the attempt: a timed attempt has none before its begin).
 * Beginning again changes nothing.
 */
export const BeginAttemptResponse = z.object({
  data: z.object({
    begun_at: z.string(),
    deadline_at: z.string().nullable(),
    server_now: z.string(),
    content_url: z.string().nullable(),
  }),
});
export type BeginAttemptResponse = z.infer<typeof BeginAttemptResponse>;

/**
 * `POST api/user-tests/{id}/submit`: why the client sends it; the server decides by its own clock
 * whether the time had run out (core `attemptEnd`). No body: sent by the student.
 */
export const SubmitAttemptRequest = z
  .object({ reason: z.enum(ATTEMPT_END_REASONS).optional() })
  .strict();
export type SubmitAttemptRequest = z.infer<typeof SubmitAttemptRequest>;

/** An attempt still running, for the "test in progress: resume" banner and the header. */
export const InProgressAttempt = z.object({
  id: z.number().int(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  type: z.enum(TEST_TYPES),
  mode: z.enum(TEST_MODES),
  started_at: z.string(),
  begun_at: z.string().nullable(),
  deadline_at: z.string().nullable(),
});
export type InProgressAttempt = z.infer<typeof InProgressAttempt>;

/** `GET api/user-tests/in-progress`: the student's running attempts, the latest first. */
export const InProgressAttemptsResponse = z.object({ data: z.array(InProgressAttempt) });

/** One question's state as the client holds it: the whole row, last write wins by `seq`. */
export const AnswerRecord = z.object({
  stem_id: Id,
  /** Empty: unanswered. More than one only for a multi-choice question. */
  stem_choice_ids: z.array(Id).max(9),
  is_marked: z.boolean(),
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /**
   * Study mode: show this answered question's key and solution now. From then on its choices are
   * final (a change is refused with 409); the mark may still change.
   */
  reveal: z.boolean().optional(),
});
export type AnswerRecord = z.infer<typeof AnswerRecord>;

/** `POST api/user-tests/{id}/stems`. */
export const SaveAnswersRequest = z
  .object({ stems: z.array(AnswerRecord).min(1).max(200) })
  .strict();
export type SaveAnswersRequest = z.infer<typeof SaveAnswersRequest>;

/** Study mode: a revealed question's solution and the outcome of its (final) answer. */
export const RevealedSolution = z.object({
  stem_id: z.number().int(),
  solution_html: z.string(),
  correct_choice_ids: z.array(z.number().int()),
  is_correct: z.boolean().nullable(),
});

export const SaveAnswersResponse = z.object({
  data: z.object({
    /** `applied` is false when a newer `seq` was already stored (the newer one stays). */
    saved: z.array(
      z.object({ stem_id: z.number().int(), seq: z.number().int(), applied: z.boolean() }),
    ),
    /** Study mode: the solution of each question of the request that is revealed. */
    revealed: z.array(RevealedSolution),
  }),
});
export type SaveAnswersResponse = z.infer<typeof SaveAnswersResponse>;

/**
 * 409 of `POST api/user-tests/{id}/stems`: sent, past the deadline, or (with `locked`) a change
 * to the choices of questions already revealed in study mode, each with its final answer. Nothing
 * of the request was saved.
 */
export const SaveAnswersConflict = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  locked: z
    .array(RevealedSolution.extend({ stem_choice_ids: z.array(z.number().int()) }))
    .optional(),
});
export type SaveAnswersConflict = z.infer<typeof SaveAnswersConflict>;

export const ResultResponse = z.object({ data: AttemptResult });

/**
 * 202 from `POST …/submit` sent with `Prefer: respond-async`, and from `GET …/result` until it is
 * scored: the submit is recorded (the attempt ended then) and its result is being computed; the
 * server says when to ask again, from its backlog.
 */
export const ScoringResponse = z.object({
  data: z.object({
    user_test_id: z.number().int(),
    status: z.literal('scoring'),
    /** When to read the result again, in seconds (also the `Retry-After` header). */
    retry_after_s: z.number().int().min(1),
  }),
});
export type ScoringResponse = z.infer<typeof ScoringResponse>;

export const InProgressError = z.object({
  message: z.string(),
  in_progress_user_test_id: z.number().int(),
});

export const SubjectCard = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** English description; null: the Spanish one (docs/api.md, "Language"). */
  description_en: z.string().nullable(),
  standard_test_id: z.number().int(),
  approval_grade: z.number().int(),
  approval_rule: ApprovalRule,
  period_id: z.number().int().nullable(),
  period_name: z.string().nullable(),
  /** Minutes of a mock exam. */
  test_duration: z.number().int().nullable(),
  /** Questions in a mock exam. */
  question_count: z.number().int().nullable(),
  /** Active questions in the bank. */
  bank_count: z.number().int(),
  /** Active, or Trial and Pause with an end date not past (core `hasAccess`). */
  has_access: z.boolean(),
  subscription_id: z.number().int().nullable(),
  custom_tests: z.number().int(),
  official_tests: z.number().int(),
  in_progress_user_test_id: z.number().int().nullable(),
});
export type SubjectCard = z.infer<typeof SubjectCard>;

export const SubjectListResponse = z.object({
  data: z.array(
    z.object({ id: z.number().int(), name: z.string(), subjects: z.array(SubjectCard) }),
  ),
});
export type SubjectListResponse = z.infer<typeof SubjectListResponse>;

export const SetupTheme = z.object({
  theme_id: z.number().int(),
  name: z.string(),
  /** Active questions of the theme. */
  count: z.number().int(),
  /** Of those, how many come with a reading context. */
  with_context: z.number().int(),
  /** Weight in the current period's mock exam (0 when not weighted). */
  weight: z.number().int(),
  /** Questions a mock exam draws from the theme (an elective's: when it is the one chosen). */
  exam_quota: z.number().int(),
  /** An elective module (Ciencias): a mock exam takes the one the student chooses. */
  is_elective: z.boolean(),
});

export const SubjectSetupResponse = z.object({
  data: SubjectCard.extend({
    themes: z.array(SetupTheme),
    /** The highest bank number, the end of the from-to range. */
    max_stem_number: z.number().int(),
    /** The elective of the student's latest mock exam in the subject, to preselect. */
    last_elective_theme_id: z.number().int().nullable(),
  }),
});
export type SubjectSetup = z.infer<typeof SubjectSetupResponse>['data'];

export const AttemptThemesResponse = z.object({
  data: z.array(ThemeResult.extend({ total: z.number().int() })),
});

export const PeriodResponse = z.object({
  data: z.object({
    id: z.number().int(),
    name: z.string(),
    subject_id: z.number().int(),
    test_duration: z.number().int(),
    question_count: z.number().int(),
  }),
});

/** `POST api/mail/stem-correction-request` (the question comment box). */
export const StemCorrectionRequest = z
  .object({
    subjectId: Id,
    stemId: Id,
    comment: z.string().trim().min(1).max(MAX_COMMENT_LENGTH).optional(),
    /** The spec's spelling, accepted as well. */
    commment: z.string().trim().min(1).max(MAX_COMMENT_LENGTH).optional(),
    userId: Id.optional(),
    userTestId: Id.optional(),
  })
  .superRefine((body, context) => {
    if (!body.comment && !body.commment) {
      context.addIssue({ code: 'custom', path: ['comment'], message: 'validation.required' });
    }
  });
