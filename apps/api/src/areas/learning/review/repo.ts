import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import {
  endOfLocalDay,
  newAllowance,
  REVIEW_NEW_PER_DAY,
  REVIEW_SESSION_MAX,
  reviewGrade,
  startOfLocalDay,
} from '@ensaya/core/review/rating';
import type { ReviewDue } from '@ensaya/core/contracts/review';
import type { BankStem } from '@ensaya/core/engine/selection';
import type { DbOrTx } from '../../../db/client.ts';
import {
  periods,
  reviewCards,
  standardTests,
  stems,
  subjects,
  users,
  userTests,
  userTestStems,
} from '../../../db/schema/index.ts';
import { newCard, rateCard, type CardState } from './schedule.ts';

// The spaced-review queue: one FSRS card per student and question (`review_cards`).

/** A review session: a wrong-answers test drawn from the queue. */
export function isReviewSession(attempt: { mode: string; configuration: unknown }): boolean {
  return (
    attempt.mode === 'wrong_answers' &&
    (attempt.configuration as { wrong_source?: string } | null)?.wrong_source === 'review'
  );
}

/**
 * Called by submit, in its transaction, once the answers are scored (`is_correct` set). Two
 * statements whatever the number of questions (one read, one upsert), none when nothing changes:
 * - a review session rates every one of its questions (core `reviewGrade`: again when wrong, else
 *   hard, good or easy from the time spent against the subject's pace) and reschedules it;
 * - any other attempt puts each question answered wrong, or marked, in the queue: a new card due at
 *   once; one already reviewed is rated `again` (a lapse); one still new stays due.
 * Unanswered questions of an ordinary attempt do not enter (the student may never have read them).
 */
export async function recordReviewAnswers(
  tx: DbOrTx,
  attempt: { id: number; userId: number; mode: string; configuration: unknown },
  now: Date,
): Promise<void> {
  const isReview = isReviewSession(attempt);
  const answeredAt = userTestStems.answeredAt;
  const rows = await tx
    .select({
      stemId: userTestStems.stemId,
      isCorrect: userTestStems.isCorrect,
      isMarked: userTestStems.isMarked,
      // From the previous answer (or the begin) to this one: the time spent on it, roughly.
      seconds: sql<
        string | number | null
      >`extract(epoch from ${answeredAt} - coalesce(lag(${answeredAt}) over (order by ${answeredAt}), ${userTests.begunAt}, ${userTests.startedAt}))`,
      pace: sql<
        string | number | null
      >`${periods.testDuration} * 60.0 / nullif(${periods.questionCount}, 0)`,
      card: CARD_COLUMNS,
    })
    .from(userTestStems)
    .innerJoin(
      userTests,
      and(eq(userTests.id, userTestStems.userTestId), eq(userTests.userId, userTestStems.userId)),
    )
    .innerJoin(periods, eq(periods.id, userTests.periodId))
    .leftJoin(reviewCards, CARD_OF_QUESTION)
    .where(
      and(
        eq(userTestStems.userTestId, attempt.id),
        eq(userTestStems.userId, attempt.userId),
        isReview ? undefined : WRONG_OR_MARKED,
      ),
    )
    .prepare(isReview ? 'review-session-answers' : 'review-new-cards')
    .execute();

  const cards: Array<CardState & { userId: number; stemId: number }> = [];
  for (const row of rows) {
    if (isReview) {
      const grade = reviewGrade({
        isCorrect: row.isCorrect === true,
        isMarked: row.isMarked,
        seconds: row.seconds === null ? null : Number(row.seconds),
        paceSeconds: row.pace === null ? null : Number(row.pace),
      });
      cards.push({
        userId: attempt.userId,
        stemId: row.stemId,
        ...rateCard(cardOf(row.card), grade, now),
      });
    } else {
      const next = queuedCard(cardOf(row.card), now);
      if (next) cards.push({ userId: attempt.userId, stemId: row.stemId, ...next });
    }
  }
  await upsertCards(tx, cards);
}

/**
 * A scheduled ensayo's attempts keep their wrong answers out of the review queue while others
 * still sit it (which questions a student got wrong is part of the key: docs/architecture.md,
 * "Grace policy for late answers"). When the ensayo closes (its cohort figures are stored, in the
 * same transaction), the wrong or marked questions of every sent attempt enter their students'
 * queues as an ordinary attempt's do at submit: one read, and one upsert per 2,000 cards.
 */
export async function recordScheduledExamReviewAnswers(
  tx: DbOrTx,
  scheduledExamId: number,
  now: Date,
): Promise<void> {
  const rows = await tx
    .select({ userId: userTestStems.userId, stemId: userTestStems.stemId, card: CARD_COLUMNS })
    .from(userTests)
    .innerJoin(
      userTestStems,
      and(eq(userTestStems.userTestId, userTests.id), eq(userTestStems.userId, userTests.userId)),
    )
    .leftJoin(reviewCards, CARD_OF_QUESTION)
    .where(
      and(
        eq(userTests.scheduledExamId, scheduledExamId),
        eq(userTests.status, 'submitted'),
        WRONG_OR_MARKED,
      ),
    );
  const cards: Array<CardState & { userId: number; stemId: number }> = [];
  for (const row of rows) {
    const next = queuedCard(cardOf(row.card), now);
    if (next) cards.push({ userId: row.userId, stemId: row.stemId, ...next });
  }
  await upsertCards(tx, cards);
}

const CARD_COLUMNS = {
  state: reviewCards.state,
  stability: reviewCards.stability,
  difficulty: reviewCards.difficulty,
  scheduledDays: reviewCards.scheduledDays,
  learningSteps: reviewCards.learningSteps,
  reps: reviewCards.reps,
  lapses: reviewCards.lapses,
  dueAt: reviewCards.dueAt,
  lastReviewAt: reviewCards.lastReviewAt,
};

const CARD_OF_QUESTION = and(
  eq(reviewCards.userId, userTestStems.userId),
  eq(reviewCards.stemId, userTestStems.stemId),
);

/** An ordinary attempt's questions that enter the queue: answered wrong, or marked. */
const WRONG_OR_MARKED = sql`((${userTestStems.isCorrect} = false
  and cardinality(${userTestStems.chosenChoiceIds}) > 0) or ${userTestStems.isMarked})`;

/** A left join's missing card comes back as null (or with null columns). */
const cardOf = (card: CardState | null): CardState | null => (card?.dueAt ? card : null);

/**
 * What an ordinary attempt's wrong or marked question does to its card: a new card due at once;
 * one already reviewed is rated `again` (a lapse); one still new stays due (null: no change).
 */
function queuedCard(card: CardState | null, now: Date): CardState | null {
  if (card === null) return newCard(now);
  if (card.lastReviewAt !== null) return rateCard(card, 'again', now);
  return null;
}

/** At most this many cards per statement (11 parameters each). */
const UPSERT_CHUNK = 2000;

async function upsertCards(
  tx: DbOrTx,
  cards: ReadonlyArray<CardState & { userId: number; stemId: number }>,
): Promise<void> {
  for (let from = 0; from < cards.length; from += UPSERT_CHUNK) {
    await tx
      .insert(reviewCards)
      .values(cards.slice(from, from + UPSERT_CHUNK))
      .onConflictDoUpdate({
        target: [reviewCards.userId, reviewCards.stemId],
        set: {
          state: sql`excluded.state`,
          stability: sql`excluded.stability`,
          difficulty: sql`excluded.difficulty`,
          scheduledDays: sql`excluded.scheduled_days`,
          learningSteps: sql`excluded.learning_steps`,
          reps: sql`excluded.reps`,
          lapses: sql`excluded.lapses`,
          dueAt: sql`excluded.due_at`,
          lastReviewAt: sql`excluded.last_review_at`,
        },
      });
  }
}

/** The student's day in their time zone: cards due before its end are due "today". */
async function studentDay(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<{ start: Date; end: Date }> {
  const [user] = await db
    .select({ timezone: users.timezone })
    .from(users)
    .where(eq(users.id, userId));
  const zone = user?.timezone ?? 'America/Santiago';
  return { start: startOfLocalDay(now, zone), end: endOfLocalDay(now, zone) };
}

/**
 * Per subject: cards already reviewed that are due, new cards due, and cards whose first review
 * was today (they used up part of the day's allowance of new ones).
 */
function dayCounts(day: { start: Date; end: Date }) {
  const end = sql`${day.end.toISOString()}::timestamptz`;
  const start = sql`${day.start.toISOString()}::timestamptz`;
  return {
    reviewedDue:
      sql<number>`count(*) filter (where ${reviewCards.state} <> 0 and ${reviewCards.dueAt} < ${end})`.mapWith(
        Number,
      ),
    newDue:
      sql<number>`count(*) filter (where ${reviewCards.state} = 0 and ${reviewCards.dueAt} < ${end})`.mapWith(
        Number,
      ),
    introducedToday:
      sql<number>`count(*) filter (where ${reviewCards.state} <> 0 and ${reviewCards.reps} = 1 and ${reviewCards.lastReviewAt} >= ${start})`.mapWith(
        Number,
      ),
  };
}

/**
 * `GET /api/review/due`: per subject, the questions to review today (those reviewed before that
 * fall due, and new ones up to the daily limit) and those queued in all. Questions deactivated in
 * the bank (and inactive subjects) are left out; deleted ones left with their cards.
 */
export async function reviewDue(db: DbOrTx, userId: number, now: Date): Promise<ReviewDue> {
  const day = await studentDay(db, userId, now);
  const rows = await db
    .select({
      subjectId: subjects.id,
      subjectName: subjects.name,
      standardTestId: subjects.standardTestId,
      ...dayCounts(day),
      queued: sql<number>`count(*)`.mapWith(Number),
    })
    .from(reviewCards)
    .innerJoin(stems, eq(stems.id, reviewCards.stemId))
    .innerJoin(subjects, eq(subjects.id, stems.subjectId))
    .innerJoin(standardTests, eq(standardTests.id, subjects.standardTestId))
    .where(
      and(eq(reviewCards.userId, userId), eq(stems.isActive, true), eq(subjects.isActive, true)),
    )
    .groupBy(subjects.id, standardTests.position, standardTests.id)
    .orderBy(
      asc(standardTests.position),
      asc(standardTests.id),
      asc(subjects.position),
      asc(subjects.id),
    );
  const subjectRows = rows.map((row) => ({
    subject_id: row.subjectId,
    subject_name: row.subjectName,
    standard_test_id: row.standardTestId,
    due: row.reviewedDue + newAllowance(row.newDue, row.introducedToday),
    queued: row.queued,
  }));
  return {
    total: subjectRows.reduce((sum, row) => sum + row.due, 0),
    due_before: day.end.toISOString(),
    session_max: REVIEW_SESSION_MAX,
    new_per_day: REVIEW_NEW_PER_DAY,
    subjects: subjectRows,
  };
}

/**
 * A review session's questions: the subject's cards to review today (as `reviewDue` counts them),
 * most overdue first, at most `limit`; active questions only.
 */
export async function dueStems(
  db: DbOrTx,
  userId: number,
  subjectId: number,
  now: Date,
  limit = REVIEW_SESSION_MAX,
): Promise<BankStem[]> {
  const day = await studentDay(db, userId, now);
  const ofSubject = and(
    eq(reviewCards.userId, userId),
    eq(stems.subjectId, subjectId),
    eq(stems.isActive, true),
  );
  const [counts] = await db
    .select(dayCounts(day))
    .from(reviewCards)
    .innerJoin(stems, eq(stems.id, reviewCards.stemId))
    .where(ofSubject);
  const allowance = newAllowance(counts?.newDue ?? 0, counts?.introducedToday ?? 0);
  const due = (isNew: boolean, count: number) =>
    count <= 0
      ? Promise.resolve([])
      : db
          .select({
            id: stems.id,
            themeId: stems.themeId,
            contextId: stems.contextId,
            stemNumber: stems.stemNumber,
            dueAt: reviewCards.dueAt,
          })
          .from(reviewCards)
          .innerJoin(stems, eq(stems.id, reviewCards.stemId))
          .where(
            and(
              ofSubject,
              isNew ? eq(reviewCards.state, 0) : ne(reviewCards.state, 0),
              lt(reviewCards.dueAt, day.end),
            ),
          )
          .orderBy(asc(reviewCards.dueAt), asc(stems.stemNumber))
          .limit(count);
  const [reviewed, fresh] = await Promise.all([
    due(false, limit),
    due(true, Math.min(allowance, limit)),
  ]);
  return [...reviewed, ...fresh]
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.stemNumber - b.stemNumber)
    .slice(0, limit)
    .map(({ dueAt: _dueAt, ...stem }) => stem);
}
