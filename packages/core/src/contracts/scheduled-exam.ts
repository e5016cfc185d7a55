import { z } from 'zod';
import { Id } from './ids.ts';

// Scheduled ensayos (the "ensayo nacional"): an admin schedules one fixed mock-exam form for a
// subject at a start time; subscribers join a waiting room, download the form sealed (AES-GCM)
// while they wait, and at the start ask only for the key. Everyone's clock is the same: it starts at
// `starts_at` and ends `duration_minutes` later (plus the student's extra-time accommodation).
// Field names are snake_case; times are ISO 8601 in UTC.

/** Minutes before the start when the waiting room opens (joining is possible from then). */
export const WAITING_ROOM_MINUTES = 15;
/** Default minutes after the start during which a student may still join (a late join). */
export const DEFAULT_LATE_JOIN_MINUTES = 30;
/**
 * Seconds after a student's deadline during which answers still reach the server (a page that was
 * offline sends what it recorded before the deadline): `docs/architecture.md`, "Grace policy".
 */
export const SUBMIT_GRACE_SECONDS = 120;

/**
 * Where a scheduled ensayo stands at `server_now`: `upcoming` (before the waiting room),
 * `waiting_room` (joinable, not started), `live` (started; joinable until `join_closes_at`),
 * `closing` (over: every clock ended, or, once joining closed, everyone who joined has sent;
 * results being computed), `closed` (results ready), `cancelled`.
 */
export const SCHEDULED_EXAM_STATES = [
  'upcoming',
  'waiting_room',
  'live',
  'closing',
  'closed',
  'cancelled',
] as const;
export type ScheduledExamState = (typeof SCHEDULED_EXAM_STATES)[number];

/** Who may join: the subject's subscribers today; a school class later (`audience_class_id`). */
export const SCHEDULED_EXAM_AUDIENCES = ['subscribers'] as const;

/** A scheduled ensayo as a student sees it (`GET /api/scheduled-exams`). */
export const ScheduledExam = z.object({
  id: Id,
  title: z.string(),
  /**
   * The English title, or null (the client shows `title` then: docs/api.md, "Language"). Always
   * sent by the API; optional so that clients written before it keep compiling.
   */
  title_en: z.string().nullable().optional(),
  subject_id: Id,
  subject_name: z.string(),
  /** Ciencias: the elective module of the form, else null. */
  elective_theme_id: Id.nullable(),
  elective_name: z.string().nullable(),
  question_count: z.number().int(),
  duration_minutes: z.number().int(),
  starts_at: z.iso.datetime(),
  /** `starts_at` minus WAITING_ROOM_MINUTES. */
  join_opens_at: z.iso.datetime(),
  /** The last moment a student may join (late joiners keep everyone's clock). */
  join_closes_at: z.iso.datetime(),
  /**
   * When the last clock (longest extra time included) and the grace end, by the clock. The ensayo
   * can close earlier: once joining has closed and everyone who joined has sent (`state`).
   */
  ends_at: z.iso.datetime(),
  state: z.enum(SCHEDULED_EXAM_STATES),
  joined: z.boolean(),
  /** The student's attempt once prepared (before the start, or at a late join), else null. */
  user_test_id: Id.nullable(),
  /** The student's attempt was sent. */
  submitted: z.boolean(),
  participant_count: z.number().int(),
  server_now: z.iso.datetime(),
});
export type ScheduledExam = z.infer<typeof ScheduledExam>;

export const ScheduledExamsResponse = z.object({ data: z.array(ScheduledExam) });
export type ScheduledExamsResponse = z.infer<typeof ScheduledExamsResponse>;
export const ScheduledExamResponse = z.object({ data: ScheduledExam });
export type ScheduledExamResponse = z.infer<typeof ScheduledExamResponse>;

/**
 * `GET /api/scheduled-exams/{id}/sealed`: the whole form's content (the same JSON as
 * `GET /api/content/{key}` answers: `{ questions, contexts }`), encrypted with AES-256-GCM under
 * the ensayo's key; the same bytes for every participant. Readable by a participant only.
 */
export const SealedContent = z.object({
  algorithm: z.literal('AES-GCM'),
  /** 12-byte IV, base64. */
  iv: z.string(),
  /** Ciphertext with its 16-byte tag appended (WebCrypto's layout), base64. */
  ciphertext: z.string(),
  /** Changes when the form's content does: a stale sealed copy is fetched again. */
  version: z.string(),
});
export type SealedContent = z.infer<typeof SealedContent>;
export const SealedContentResponse = z.object({ data: SealedContent });

/**
 * `POST /api/scheduled-exams/{id}/key`: from `starts_at` on, for a participant: the raw AES key
 * (base64, 32 bytes), the student's attempt (prepared in batches before the start, or now for a
 * late joiner) and its clock. Before the start: 409 `scheduledExam.notStarted` (with nothing
 * readable). The attempt's `content_url` is `content_url` here: the page puts the decrypted
 * content in its cache under that address and opens the runner at `/test?id=…`.
 */
export const ScheduledExamKey = z.object({
  key: z.string(),
  version: z.string(),
  user_test_id: Id,
  content_url: z.string(),
  begun_at: z.iso.datetime(),
  deadline_at: z.iso.datetime(),
  server_now: z.iso.datetime(),
});
export type ScheduledExamKey = z.infer<typeof ScheduledExamKey>;
export const ScheduledExamKeyResponse = z.object({ data: ScheduledExamKey });

/** `GET /api/scheduled-exams/{id}/results`: the participant's place among everyone who sat it. */
export const ScheduledExamResults = z.object({
  scheduled_exam_id: Id,
  /** Students whose attempt was sent (the cohort). */
  participant_count: z.number().int(),
  user_test_id: Id,
  /** The student's PAES score (100–1000) and correct answers. */
  score: z.number(),
  correct: z.number().int(),
  question_count: z.number().int(),
  /** Share of the cohort with a lower score, plus half of those with the same (0–100). */
  percentile: z.number(),
  cohort_average: z.number(),
  /** Scores in buckets of 50 points from 100 to 1000 (the last one holds 1000). */
  distribution: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  /** Per eje (theme of the form): the student's and the cohort's share of correct answers. */
  themes: z.array(
    z.object({
      theme_id: Id,
      name: z.string(),
      question_count: z.number().int(),
      own_percent: z.number(),
      cohort_percent: z.number(),
    }),
  ),
});
export type ScheduledExamResults = z.infer<typeof ScheduledExamResults>;
export const ScheduledExamResultsResponse = z.object({ data: ScheduledExamResults });

// --- Back office -----------------------------------------------------------------------------

/** `POST /api/admin/scheduled-exams`: the form is drawn now, by the mock-exam rules, once. */
export const CreateScheduledExamRequest = z.object({
  title: z.string().trim().min(1).max(200),
  title_en: z.string().trim().max(200).nullable().default(null),
  subject_id: Id,
  /** Required for a subject with electives (Ciencias), refused elsewhere. */
  elective_theme_id: Id.nullable().default(null),
  starts_at: z.iso.datetime({ offset: true }),
  duration_minutes: z.number().int().min(10).max(300),
  /** Minutes after the start during which a student may still join. */
  late_join_minutes: z.number().int().min(0).max(120).default(DEFAULT_LATE_JOIN_MINUTES),
  audience: z.enum(SCHEDULED_EXAM_AUDIENCES).default('subscribers'),
});
export type CreateScheduledExamRequest = z.input<typeof CreateScheduledExamRequest>;

export const AdminScheduledExam = z.object({
  id: Id,
  title: z.string(),
  title_en: z.string().nullable(),
  subject_id: Id,
  subject_name: z.string(),
  elective_theme_id: Id.nullable(),
  question_count: z.number().int(),
  starts_at: z.iso.datetime(),
  duration_minutes: z.number().int(),
  late_join_minutes: z.number().int(),
  audience: z.enum(SCHEDULED_EXAM_AUDIENCES),
  state: z.enum(SCHEDULED_EXAM_STATES),
  participant_count: z.number().int(),
  prepared_count: z.number().int(),
  submitted_count: z.number().int(),
  created_at: z.iso.datetime(),
});
export type AdminScheduledExam = z.infer<typeof AdminScheduledExam>;
export const AdminScheduledExamResponse = z.object({ data: AdminScheduledExam });
export const AdminScheduledExamsResponse = z.object({ data: z.array(AdminScheduledExam) });
