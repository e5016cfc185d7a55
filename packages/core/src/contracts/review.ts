import { z } from 'zod';

// Spaced review: what the student has to review today, per subject.

/** One subject with questions due for review. */
export const ReviewDueSubject = z.object({
  subject_id: z.number().int(),
  subject_name: z.string(),
  standard_test_id: z.number().int(),
  /**
   * Questions to review today: those already reviewed that fall due by the end of the student's
   * day (their time zone), and new ones (wrong or marked, never reviewed) up to the daily limit.
   */
  due: z.number().int(),
  /** Questions waiting in the queue in all (due or not). */
  queued: z.number().int(),
});
export type ReviewDueSubject = z.infer<typeof ReviewDueSubject>;

/** `GET /api/review/due`. */
export const ReviewDue = z.object({
  /** Questions due today in every subject. */
  total: z.number().int(),
  /** The end of the student's day: a card due before this instant counts (ISO 8601). */
  due_before: z.string(),
  /** How many questions one review session holds at most (the most overdue first). */
  session_max: z.number().int(),
  /** New questions a subject brings into review per day at most. */
  new_per_day: z.number().int(),
  /** Subjects with at least one queued question, in catalog order. */
  subjects: z.array(ReviewDueSubject),
});
export type ReviewDue = z.infer<typeof ReviewDue>;

export const ReviewDueResponse = z.object({ data: ReviewDue });
export type ReviewDueResponse = z.infer<typeof ReviewDueResponse>;
