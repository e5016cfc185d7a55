import { z } from 'zod';

// The first diagnostic: per subject the student has access to, whether it is
// still offered, skipped ("not now"), running or taken. Taken once per student and subject.

export const DIAGNOSTIC_STATUSES = ['offered', 'skipped', 'in_progress', 'submitted'] as const;
export type DiagnosticStatus = (typeof DIAGNOSTIC_STATUSES)[number];

export const DiagnosticSubject = z.object({
  subject_id: z.number().int(),
  subject_name: z.string(),
  standard_test_id: z.number().int(),
  /**
   * `offered`: neither taken nor skipped (the dashboard card); `skipped`: "not now" was pressed
   * (a small link still starts it); `in_progress` / `submitted`: the attempt `user_test_id`.
   */
  status: z.enum(DIAGNOSTIC_STATUSES),
  user_test_id: z.number().int().nullable(),
  /**
   * Whether the student has sent tests of the subject already: the dashboard offers the
   * diagnostic as a first step only to a student without history there.
   */
  has_history: z.boolean(),
  /** Questions it will hold (the bank may hold fewer) and its clock in minutes. */
  question_count: z.number().int(),
  minutes: z.number().int(),
});
export type DiagnosticSubject = z.infer<typeof DiagnosticSubject>;

/** `GET /api/diagnostics`: the subjects the student has access to now, in catalogue order. */
export const DiagnosticsResponse = z.object({ data: z.array(DiagnosticSubject) });
export type DiagnosticsResponse = z.infer<typeof DiagnosticsResponse>;

/** `POST /api/subjects/{id}/diagnostic/skip`: the subject's diagnostic state after the skip. */
export const DiagnosticSkipResponse = z.object({ data: DiagnosticSubject });
