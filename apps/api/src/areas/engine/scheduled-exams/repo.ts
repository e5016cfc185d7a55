import { and, asc, desc, eq, gt, gte, isNull, lte, sql } from 'drizzle-orm';
import { executePrepared, rowsOf, type Db, type DbOrTx } from '../../../db/client.ts';
import {
  periods,
  periodThemes,
  scheduledExamParticipants as participants,
  scheduledExams,
  subjects,
  themes,
  userSubscriptions,
  userSubscriptionSubjects,
  users,
  userTests,
  userTestThemes,
  type CohortResults,
  type ScheduledExamRow,
} from '../../../db/schema/index.ts';
import { givesAccessNow, hasAccessToSubjectOfSql } from '../../sales/index.ts';
import { recordScheduledExamReviewAnswers } from '../../learning/index.ts';
import { unsentSql } from './progress-repo.ts';

// The scheduled ensayos' reads and writes. The reads a student's page makes (the list, the key,
// the sealed form) are one indexed query each; the attempts are prepared in batches by one
// statement per batch.

const DAY_MS = 86_400_000;
/** The longest an ensayo can last: 300 minutes, doubled by the largest extra time, and the grace. */
const LONGEST_SPAN_MS = (300 * 2 + 5) * 60_000;

export type NewScheduledExam = typeof scheduledExams.$inferInsert;

export async function insertExam(db: DbOrTx, values: NewScheduledExam): Promise<number> {
  const [row] = await db.insert(scheduledExams).values(values).returning({ id: scheduledExams.id });
  return row!.id;
}

/** The subject, its current period and the period's weighted themes: what a form is drawn from. */
export async function formSource(db: DbOrTx, subjectId: number) {
  const [subject] = await db
    .select({
      id: subjects.id,
      isActive: subjects.isActive,
      standardTestId: subjects.standardTestId,
      period: periods,
    })
    .from(subjects)
    .leftJoin(periods, and(eq(periods.subjectId, subjects.id), eq(periods.isCurrent, true)))
    .where(eq(subjects.id, subjectId));
  if (!subject) return undefined;
  const weights = subject.period
    ? await db
        .select({
          themeId: periodThemes.themeId,
          weight: periodThemes.weight,
          isElective: themes.isElective,
        })
        .from(periodThemes)
        .innerJoin(themes, eq(themes.id, periodThemes.themeId))
        .where(and(eq(periodThemes.periodId, subject.period.id), gt(periodThemes.weight, 0)))
        .orderBy(asc(periodThemes.id))
    : [];
  return { ...subject, weights };
}

// --- Back office ----------------------------------------------------------------------------------

const adminColumns = (now: Date) => ({
  exam: scheduledExams,
  subjectName: subjects.name,
  participantCount: sql<number>`(select count(*)::int from scheduled_exam_participants c
    where c.scheduled_exam_id = "scheduled_exams"."id")`,
  preparedCount: sql<number>`(select count(*)::int from scheduled_exam_participants c
    where c.scheduled_exam_id = "scheduled_exams"."id" and c.user_test_id is not null)`,
  submittedCount: sql<number>`(select count(*)::int from user_tests t
    where t.scheduled_exam_id = "scheduled_exams"."id" and t.status = 'submitted')`,
  unsent: unsentSql(now),
});

export type AdminExamRow = {
  exam: ScheduledExamRow;
  subjectName: string;
  participantCount: number;
  preparedCount: number;
  submittedCount: number;
  /** Joined students without a sent attempt, at most 1; null when not counted (`unsentSql`). */
  unsent: number | null;
};

export async function listAdminExams(db: DbOrTx, now: Date): Promise<AdminExamRow[]> {
  return db
    .select(adminColumns(now))
    .from(scheduledExams)
    .innerJoin(subjects, eq(subjects.id, scheduledExams.subjectId))
    .orderBy(desc(scheduledExams.startsAt), desc(scheduledExams.id))
    .limit(500);
}

export async function findAdminExam(
  db: DbOrTx,
  id: number,
  now: Date,
): Promise<AdminExamRow | undefined> {
  const [row] = await db
    .select(adminColumns(now))
    .from(scheduledExams)
    .innerJoin(subjects, eq(subjects.id, scheduledExams.subjectId))
    .where(eq(scheduledExams.id, id));
  return row;
}

/**
 * Cancels an ensayo that has not started, and deletes the attempts already prepared for it (they
 * hold no answer: none is taken before the start). Locks the row first, so a preparation batch in
 * flight (which share-locks it) finishes before, and one after sees it cancelled. Returns what the
 * row was: missing, already cancelled, started, or now cancelled.
 */
export async function cancelExam(
  db: Db,
  id: number,
  now: Date,
): Promise<'notFound' | 'cancelled' | 'started' | 'ok'> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ startsAt: scheduledExams.startsAt, cancelledAt: scheduledExams.cancelledAt })
      .from(scheduledExams)
      .where(eq(scheduledExams.id, id))
      .for('update');
    if (!row) return 'notFound';
    if (row.cancelledAt) return 'cancelled';
    if (row.startsAt.getTime() <= now.getTime()) return 'started';
    await tx.update(scheduledExams).set({ cancelledAt: now }).where(eq(scheduledExams.id, id));
    await tx
      .delete(userTests)
      .where(and(eq(userTests.scheduledExamId, id), eq(userTests.status, 'in_progress')));
    return 'ok';
  });
}

// --- A student's view -----------------------------------------------------------------------------

function studentColumns(db: DbOrTx, userId: number, now: Date) {
  return {
    id: scheduledExams.id,
    title: scheduledExams.title,
    titleEn: scheduledExams.titleEn,
    subjectId: scheduledExams.subjectId,
    subjectName: subjects.name,
    electiveThemeId: scheduledExams.electiveThemeId,
    electiveName: themes.name,
    questionCount: sql<number>`cardinality(${scheduledExams.stemIds})`.mapWith(Number),
    durationMinutes: scheduledExams.durationMinutes,
    lateJoinMinutes: scheduledExams.lateJoinMinutes,
    longestExtraTimePercent: scheduledExams.longestExtraTimePercent,
    startsAt: scheduledExams.startsAt,
    cancelledAt: scheduledExams.cancelledAt,
    hasResults: sql<boolean>`${scheduledExams.resultsComputedAt} is not null`,
    // Whether it ended early (everyone sent once joining closed): one bounded aggregate.
    unsent: unsentSql(now),
    joined: sql<boolean>`${participants.userId} is not null`,
    userTestId: userTests.id,
    submitted: sql<boolean>`coalesce(${userTests.status} = 'submitted', false)`,
    // An index-only count over the participants' primary key.
    participantCount: sql<number>`(select count(*)::int from scheduled_exam_participants c
      where c.scheduled_exam_id = "scheduled_exams"."id")`,
    hasAccess: hasAccessToSubjectOfSql(db, userId, scheduledExams.subjectId, now),
  };
}

export type StudentExamRow = Awaited<ReturnType<typeof studentExams>>[number];

function studentExamQuery(db: DbOrTx, userId: number, now: Date) {
  return db
    .select(studentColumns(db, userId, now))
    .from(scheduledExams)
    .innerJoin(subjects, eq(subjects.id, scheduledExams.subjectId))
    .leftJoin(themes, eq(themes.id, scheduledExams.electiveThemeId))
    .leftJoin(
      participants,
      and(eq(participants.scheduledExamId, scheduledExams.id), eq(participants.userId, userId)),
    )
    .leftJoin(
      userTests,
      and(eq(userTests.scheduledExamId, scheduledExams.id), eq(userTests.userId, userId)),
    );
}

/**
 * The ensayos of the subjects the student has access to, not cancelled, that may still be in their
 * list (started at most 7 days and the longest span ago), soonest first: one query, on the index of
 * upcoming starts, with the student's join and attempt by their unique keys.
 */
export async function studentExams(db: DbOrTx, userId: number, now: Date) {
  const earliest = new Date(now.getTime() - 7 * DAY_MS - LONGEST_SPAN_MS);
  return studentExamQuery(db, userId, now)
    .where(
      and(
        isNull(scheduledExams.cancelledAt),
        gte(scheduledExams.startsAt, earliest),
        hasAccessToSubjectOfSql(db, userId, scheduledExams.subjectId, now),
      ),
    )
    .orderBy(asc(scheduledExams.startsAt), asc(scheduledExams.id))
    .prepare('scheduled-exams-list')
    .execute();
}

export async function studentExam(db: DbOrTx, userId: number, id: number, now: Date) {
  const [row] = await studentExamQuery(db, userId, now)
    .where(eq(scheduledExams.id, id))
    .prepare('scheduled-exam-one')
    .execute();
  return row;
}

/**
 * What the participant's calls need (the key at the start, the sealed and plain form, the
 * results), in one indexed query: the ensayo, the student's join and attempt, their access now,
 * and the form's content version (the largest of its questions', raised by every edit).
 */
export async function participantHead(db: DbOrTx, userId: number, id: number, now: Date) {
  const [row] = await db
    .select({
      id: scheduledExams.id,
      stemIds: scheduledExams.stemIds,
      startsAt: scheduledExams.startsAt,
      durationMinutes: scheduledExams.durationMinutes,
      lateJoinMinutes: scheduledExams.lateJoinMinutes,
      longestExtraTimePercent: scheduledExams.longestExtraTimePercent,
      contentKey: scheduledExams.contentKey,
      contentIv: scheduledExams.contentIv,
      cancelledAt: scheduledExams.cancelledAt,
      joined: sql<boolean>`${participants.userId} is not null`,
      preparedUserTestId: participants.userTestId,
      attemptId: userTests.id,
      attemptStatus: userTests.status,
      deadlineAt: userTests.deadlineAt,
      contentVersion: sql<number>`coalesce((select max(s.content_version) from stems s
        where s.id = any("scheduled_exams"."stem_ids")), 0)`.mapWith(Number),
      hasAccess: hasAccessToSubjectOfSql(db, userId, scheduledExams.subjectId, now),
    })
    .from(scheduledExams)
    .leftJoin(
      participants,
      and(eq(participants.scheduledExamId, scheduledExams.id), eq(participants.userId, userId)),
    )
    .leftJoin(
      userTests,
      and(eq(userTests.scheduledExamId, scheduledExams.id), eq(userTests.userId, userId)),
    )
    .where(eq(scheduledExams.id, id))
    .prepare('scheduled-exam-participant')
    .execute();
  return row;
}

/**
 * Joins (a second join changes nothing), and raises the ensayo's longest extra time when the
 * student's is larger (rare: the row is written only then), so its end covers their clock.
 */
export async function join(db: DbOrTx, id: number, userId: number, now: Date): Promise<void> {
  await executePrepared(
    db,
    'scheduled-exam-join',
    sql`
    with joined as (
      insert into scheduled_exam_participants (scheduled_exam_id, user_id, joined_at)
      values (${id}, ${userId}, ${now.toISOString()}::timestamptz)
      on conflict do nothing
      returning user_id
    )
    update scheduled_exams e set longest_extra_time_percent = u.extra_time_percent
    from users u
    where e.id = ${id} and u.id = ${userId}
      and u.extra_time_percent > e.longest_extra_time_percent`,
  );
}

export async function raiseLongestExtraTime(db: DbOrTx, id: number, percent: number) {
  await db
    .update(scheduledExams)
    .set({ longestExtraTimePercent: percent })
    .where(
      and(eq(scheduledExams.id, id), sql`${scheduledExams.longestExtraTimePercent} < ${percent}`),
    );
}

// --- Preparing the attempts -----------------------------------------------------------------------

/**
 * The ensayos to prepare now: not cancelled, starting within `aheadMs` (or started, their time not
 * over), with joined students still without an attempt.
 */
export async function examsToPrepare(db: DbOrTx, now: Date, aheadMs: number) {
  return db
    .select({
      id: scheduledExams.id,
      longestExtraTimePercent: scheduledExams.longestExtraTimePercent,
    })
    .from(scheduledExams)
    .where(
      and(
        isNull(scheduledExams.cancelledAt),
        lte(scheduledExams.startsAt, new Date(now.getTime() + aheadMs)),
        gt(scheduledExams.startsAt, new Date(now.getTime() - LONGEST_SPAN_MS)),
        sql`${scheduledExams.startsAt} + ${scheduledExams.durationMinutes} * interval '1 minute' > ${now.toISOString()}::timestamptz`,
        sql`exists (select 1 from scheduled_exam_participants p
          where p.scheduled_exam_id = "scheduled_exams"."id" and p.user_test_id is null)`,
      ),
    );
}

/**
 * Prepares the attempts of up to `limit` joined students of the ensayo without one (or of one
 * student, `userId`), in one statement: the attempts (one multi-row insert), their questions (one
 * insert for all of them, from the form), and the participants' link to them. Each attempt is a
 * mock exam with the form's order and choice order, begun at the start, its deadline the start
 * plus the length scaled by the student's extra time. The participants' rows are locked (a batch
 * skips those another batch holds; one student's preparation waits), and the unique index on
 * (scheduled_exam_id, user_id) leaves one attempt whatever runs at once. A cancelled ensayo gets
 * none: its row is share-locked here, and a cancel locks it for update.
 */
export async function prepareAttempts(
  db: DbOrTx,
  id: number,
  now: Date,
  options: { limit: number; userId?: number },
): Promise<{ selected: number; created: number; longestExtra: number }> {
  const one = options.userId !== undefined;
  const [row] = await executePrepared<{ selected: number; created: number; longest: number }>(
    db,
    one ? 'scheduled-prepare-one' : 'scheduled-prepare-batch',
    sql`
    with exam as (
      select e.id, e.subject_id, e.period_id, e.elective_theme_id, e.form, e.special_numbers,
             e.starts_at, e.duration_minutes, s.standard_test_id
      from scheduled_exams e join subjects s on s.id = e.subject_id
      where e.id = ${id} and e.cancelled_at is null
      for share of e
    ),
    todo as (
      select p.user_id, u.extra_time_percent as extra,
             cardinality(u.permissions) = 0 as counts_for_population
      from scheduled_exam_participants p
      join users u on u.id = p.user_id
      where p.scheduled_exam_id = ${id} and p.user_test_id is null
        and exists (select 1 from exam)
        ${one ? sql`and p.user_id = ${options.userId}` : sql``}
      order by p.user_id
      limit ${options.limit}
      for update of p ${one ? sql`` : sql`skip locked`}
    ),
    attempts as (
      insert into user_tests (user_id, subject_id, standard_test_id, period_id, type, mode,
        configuration, started_at, begun_at, deadline_at, special_numbers, total_test_stems,
        pilot_count, elective_theme_id, counts_for_population, scheduled_exam_id)
      select todo.user_id, exam.subject_id, exam.standard_test_id, exam.period_id, 'official',
        'mock_exam',
        jsonb_build_object('random_question', true, 'random_answer', true, 'study_mode', false,
          'seconds', ceil(exam.duration_minutes * 60 * (100 + todo.extra) / 100.0)::int,
          'scheduled_exam_id', exam.id)
          || case when todo.extra > 0 then jsonb_build_object(
               'base_seconds', exam.duration_minutes * 60, 'extra_time_percent', todo.extra)
             else '{}'::jsonb end,
        least(${now.toISOString()}::timestamptz, exam.starts_at),
        exam.starts_at,
        exam.starts_at
          + ceil(exam.duration_minutes * 60 * (100 + todo.extra) / 100.0) * interval '1 second',
        exam.special_numbers,
        (select count(*) from jsonb_array_elements(exam.form) q
          where not (q ->> 'is_pilot')::boolean),
        (select count(*) from jsonb_array_elements(exam.form) q where (q ->> 'is_pilot')::boolean),
        exam.elective_theme_id, todo.counts_for_population, exam.id
      from todo cross join exam
      on conflict (scheduled_exam_id, user_id) where scheduled_exam_id is not null do nothing
      returning id, user_id
    ),
    questions as (
      insert into user_test_stems
        (user_id, user_test_id, position, stem_id, theme_id, choice_order, is_pilot)
      select a.user_id, a.id, f.position, f.stem_id, f.theme_id, f.choice_order, f.is_pilot
      from attempts a
      cross join exam
      cross join jsonb_to_recordset(exam.form)
        as f(position smallint, stem_id integer, theme_id integer, choice_order integer[],
             is_pilot boolean)
    ),
    linked as (
      update scheduled_exam_participants p
      set user_test_id = coalesce(
        (select a.id from attempts a where a.user_id = p.user_id),
        (select t.id from user_tests t
          where t.scheduled_exam_id = ${id} and t.user_id = p.user_id))
      from todo
      where p.scheduled_exam_id = ${id} and p.user_id = todo.user_id
    )
    select (select count(*) from todo)::int as selected,
           (select count(*) from attempts)::int as created,
           coalesce((select max(extra) from todo), 0)::int as longest`,
  );
  return {
    selected: Number(row?.selected ?? 0),
    created: Number(row?.created ?? 0),
    longestExtra: Number(row?.longest ?? 0),
  };
}

// --- Results --------------------------------------------------------------------------------------

/** What the results call reads: the ensayo's clock and figures, the student's join and attempt. */
export async function resultsHead(db: DbOrTx, userId: number, id: number, now: Date) {
  const [row] = await db
    .select({
      id: scheduledExams.id,
      startsAt: scheduledExams.startsAt,
      durationMinutes: scheduledExams.durationMinutes,
      lateJoinMinutes: scheduledExams.lateJoinMinutes,
      longestExtraTimePercent: scheduledExams.longestExtraTimePercent,
      cancelledAt: scheduledExams.cancelledAt,
      results: scheduledExams.results,
      unsent: unsentSql(now),
      joined: sql<boolean>`${participants.userId} is not null`,
      attempt: {
        id: userTests.id,
        status: userTests.status,
        score: userTests.score,
        correct: userTests.totalCorrect,
        total: userTests.totalTestStems,
      },
      hasAccess: hasAccessToSubjectOfSql(db, userId, scheduledExams.subjectId, now),
    })
    .from(scheduledExams)
    .leftJoin(
      participants,
      and(eq(participants.scheduledExamId, scheduledExams.id), eq(participants.userId, userId)),
    )
    .leftJoin(
      userTests,
      and(eq(userTests.scheduledExamId, scheduledExams.id), eq(userTests.userId, userId)),
    )
    .where(eq(scheduledExams.id, id));
  return row;
}

/** The ensayo's attempts still open (the sweeper's leftovers when its clocks have ended). */
export async function openAttempts(db: DbOrTx, id: number) {
  return db
    .select({
      id: userTests.id,
      userId: userTests.userId,
      deadlineAt: userTests.deadlineAt,
      scheduledExamId: userTests.scheduledExamId,
    })
    .from(userTests)
    .where(and(eq(userTests.scheduledExamId, id), eq(userTests.status, 'in_progress')));
}

/**
 * Computes the cohort's figures from the sent attempts and keeps them on the ensayo, once: the
 * row is locked, and a second computation finds them there. The cohort's wrong and marked answers
 * enter their students' review queues now, in the same transaction (kept out until the close).
 */
export async function storeCohortResults(db: Db, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ computedAt: scheduledExams.resultsComputedAt })
      .from(scheduledExams)
      .where(eq(scheduledExams.id, id))
      .for('update');
    if (!row || row.computedAt) return;
    const sent = and(eq(userTests.scheduledExamId, id), eq(userTests.status, 'submitted'));
    const scores = await tx
      .select({
        score: sql<number>`coalesce(${userTests.score}, 0)`.mapWith(Number),
        count: sql<number>`count(*)::int`.mapWith(Number),
      })
      .from(userTests)
      .where(sent)
      .groupBy(sql`coalesce(${userTests.score}, 0)`)
      .orderBy(sql`coalesce(${userTests.score}, 0)`);
    const themeRows = await tx
      .select({
        themeId: userTestThemes.themeId,
        name: themes.name,
        correct: sql<number>`sum(${userTestThemes.correct})::int`.mapWith(Number),
        total:
          sql<number>`sum(${userTestThemes.correct} + ${userTestThemes.incorrect} + ${userTestThemes.unanswered})::int`.mapWith(
            Number,
          ),
      })
      .from(userTests)
      .innerJoin(
        userTestThemes,
        and(
          eq(userTestThemes.userTestId, userTests.id),
          eq(userTestThemes.userId, userTests.userId),
        ),
      )
      .innerJoin(themes, eq(themes.id, userTestThemes.themeId))
      .where(sent)
      .groupBy(userTestThemes.themeId, themes.name, themes.position)
      .orderBy(asc(themes.position), asc(userTestThemes.themeId));
    const results: CohortResults = {
      participant_count: scores.reduce((sum, entry) => sum + entry.count, 0),
      scores,
      themes: themeRows.map((theme) => ({
        theme_id: theme.themeId,
        name: theme.name,
        correct: theme.correct,
        total: theme.total,
      })),
    };
    await tx
      .update(scheduledExams)
      .set({ results, resultsComputedAt: now })
      .where(eq(scheduledExams.id, id));
    await recordScheduledExamReviewAnswers(tx, id, now);
  });
}

/** The student's per-theme counts of their sent attempt. */
export async function attemptThemeCounts(db: DbOrTx, userId: number, attemptId: number) {
  return db
    .select({
      themeId: userTestThemes.themeId,
      correct: userTestThemes.correct,
      total:
        sql<number>`(${userTestThemes.correct} + ${userTestThemes.incorrect} + ${userTestThemes.unanswered})::int`.mapWith(
          Number,
        ),
    })
    .from(userTestThemes)
    .where(and(eq(userTestThemes.userTestId, attemptId), eq(userTestThemes.userId, userId)));
}

// --- Jobs -----------------------------------------------------------------------------------------

/** Ensayos starting within the window (the day-before reminder). */
export async function examsStartingBetween(db: DbOrTx, from: Date, until: Date) {
  return db
    .select({ id: scheduledExams.id, startsAt: scheduledExams.startsAt })
    .from(scheduledExams)
    .where(
      and(
        isNull(scheduledExams.cancelledAt),
        gt(scheduledExams.startsAt, from),
        lte(scheduledExams.startsAt, until),
      ),
    )
    .limit(500);
}

/**
 * Ensayos started in the last 7 days whose figures are not computed yet, with whether anyone who
 * joined has not sent (`unsentSql`): the caller keeps those over (core `isScheduledExamOver`).
 */
export async function examsToClose(db: DbOrTx, now: Date) {
  const rows = await db
    .select({
      id: scheduledExams.id,
      startsAt: scheduledExams.startsAt,
      durationMinutes: scheduledExams.durationMinutes,
      lateJoinMinutes: scheduledExams.lateJoinMinutes,
      longestExtraTimePercent: scheduledExams.longestExtraTimePercent,
      unsent: unsentSql(now),
    })
    .from(scheduledExams)
    .where(
      and(
        isNull(scheduledExams.cancelledAt),
        isNull(scheduledExams.resultsComputedAt),
        lte(scheduledExams.startsAt, now),
        gt(scheduledExams.startsAt, new Date(now.getTime() - 7 * DAY_MS)),
      ),
    )
    .limit(100);
  return rows;
}

export async function findExam(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ exam: scheduledExams, subjectName: subjects.name })
    .from(scheduledExams)
    .innerJoin(subjects, eq(subjects.id, scheduledExams.subjectId))
    .where(eq(scheduledExams.id, id));
  return row;
}

/**
 * Takes up to `limit` students with access to the subject now who were not reminded of the ensayo
 * yet, and records them as reminded, in one statement (the caller's transaction queues their
 * mails): run again, it takes the next ones; run twice at once, a student is taken once.
 */
export async function takeStudentsToRemind(
  db: DbOrTx,
  examId: number,
  subjectId: number,
  now: Date,
  limit: number,
) {
  const holders = db
    .selectDistinct({ userId: userSubscriptions.userId })
    .from(userSubscriptions)
    .innerJoin(
      userSubscriptionSubjects,
      eq(userSubscriptionSubjects.userSubscriptionId, userSubscriptions.id),
    )
    .where(and(eq(userSubscriptionSubjects.subjectId, subjectId), givesAccessNow(now)));
  const rows = await db.execute(sql`
    with targets as (
      select u.id, u.name, u.email, u.language, u.timezone
      from (${holders}) h
      join ${users} u on u.id = h.user_id
      where not exists (select 1 from scheduled_exam_reminders r
        where r.scheduled_exam_id = ${examId} and r.user_id = u.id)
      order by u.id
      limit ${limit}
    ),
    marked as (
      insert into scheduled_exam_reminders (scheduled_exam_id, user_id, sent_at)
      select ${examId}, id, ${now.toISOString()}::timestamptz from targets
      on conflict do nothing
      returning user_id
    )
    select t.id, t.name, t.email, t.language, t.timezone
    from targets t join marked m on m.user_id = t.id`);
  return rowsOf<{ id: number; name: string; email: string; language: string; timezone: string }>(
    rows,
  );
}
