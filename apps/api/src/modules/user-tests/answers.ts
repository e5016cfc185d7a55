import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AnswerRecord, SaveAnswersResponse } from '@ensaya/core/contracts/engine';
import { questionOutcome } from '@ensaya/core/engine/scoring';
import type { Db } from '../../db/client.ts';
import { stemChoices, stems, userTests, userTestStems } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AttemptConfiguration } from './start.ts';
import { submitAttempt } from './submit.ts';

/** Same picks, whatever the order. */
function sameChoices(a: ReadonlyArray<number>, b: ReadonlyArray<number>): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

type QuestionRow = {
  position: number;
  stemId: number;
  isMultiChoice: boolean;
  solutionHtml: string;
  chosen: number[];
  seq: number;
  revealedAt: Date | null;
  choices: Array<{ id: number; correct: boolean }>;
};

/** A revealed question's solution and the outcome of its final answer. */
function solutionOf(row: QuestionRow, chosen: ReadonlyArray<number>) {
  const keyIds = row.choices.filter((choice) => choice.correct).map((choice) => choice.id);
  return {
    stem_id: row.stemId,
    solution_html: row.solutionHtml,
    correct_choice_ids: keyIds,
    is_correct:
      questionOutcome({ isMultiChoice: row.isMultiChoice, keyIds, chosenIds: [...chosen] }) ===
      'correct',
  };
}

/** 409: the choices of questions whose key the student has seen can no longer change. */
function lockedError(locked: Array<{ field: string; row: QuestionRow }>) {
  return new AppError(409, 'engine.answerLocked', {
    fields: Object.fromEntries(locked.map(({ field }) => [field, ['engine.answerLocked']])),
    extra: {
      locked: locked.map(({ row }) => ({
        ...solutionOf(row, row.chosen),
        stem_choice_ids: row.chosen,
      })),
    },
  });
}

/**
 * `POST api/user-tests/{id}/stems`: saves each question's whole state (choices and mark) as the
 * client holds it. Every record is checked before anything is written: a question of another
 * attempt, a choice of another question or two picks on a single-choice question refuse the whole
 * request (422), and so does a change to the choices of a question already revealed in study mode
 * (409: once the key was shown, the answer is final; the mark may still change). A record older
 * than the stored one (`seq`) is skipped, so retries and reordering are harmless. In study mode a
 * record with `reveal` reveals its answered question in the statement that saves it. The attempt
 * row is share-locked, so a submit waits for the save and the save after a submit sees it sent.
 * After the deadline nothing is saved: the attempt is submitted with what was.
 */
export async function saveAnswers(
  db: Db,
  userId: number,
  id: number,
  records: ReadonlyArray<AnswerRecord>,
  now: Date,
): Promise<SaveAnswersResponse['data']> {
  const outcome = await db.transaction(async (tx) => {
    const [attempt] = await tx
      .select({
        status: userTests.status,
        deadlineAt: userTests.deadlineAt,
        configuration: userTests.configuration,
      })
      .from(userTests)
      .where(and(eq(userTests.id, id), eq(userTests.userId, userId)))
      .for('share');
    if (!attempt) throw new AppError(404, 'error.notFound');
    if (attempt.status === 'submitted') throw new AppError(409, 'engine.submitted');
    if (attempt.deadlineAt && attempt.deadlineAt.getTime() <= now.getTime()) {
      return 'deadline' as const;
    }

    // The latest record per question wins inside one request too.
    const latest = new Map<number, AnswerRecord>();
    for (const record of records) {
      const previous = latest.get(record.stem_id);
      if (!previous || record.seq >= previous.seq) latest.set(record.stem_id, record);
    }
    const stemIds = [...latest.keys()];
    const rows: QuestionRow[] = await tx
      .select({
        position: userTestStems.position,
        stemId: userTestStems.stemId,
        isMultiChoice: stems.isMultiChoice,
        solutionHtml: stems.solutionHtml,
        chosen: userTestStems.chosenChoiceIds,
        seq: userTestStems.clientSeq,
        revealedAt: userTestStems.revealedAt,
        choices: sql<
          Array<{ id: number; correct: boolean }>
        >`coalesce(json_agg(json_build_object('id', ${stemChoices.id}, 'correct', ${stemChoices.isCorrect})) filter (where ${stemChoices.id} is not null), '[]')`,
      })
      .from(userTestStems)
      .innerJoin(stems, eq(stems.id, userTestStems.stemId))
      .leftJoin(stemChoices, eq(stemChoices.stemId, userTestStems.stemId))
      .where(
        and(
          eq(userTestStems.userTestId, id),
          eq(userTestStems.userId, userId),
          inArray(userTestStems.stemId, stemIds),
        ),
      )
      .groupBy(
        userTestStems.position,
        userTestStems.stemId,
        stems.isMultiChoice,
        stems.solutionHtml,
        userTestStems.chosenChoiceIds,
        userTestStems.clientSeq,
        userTestStems.revealedAt,
      );
    const byStem = new Map(rows.map((row) => [row.stemId, row]));
    const fields: Record<
      string,
      ['engine.notInAttempt' | 'engine.choiceNotInQuestion' | 'engine.singleChoice']
    > = {};
    const locked: Array<{ field: string; row: QuestionRow }> = [];
    for (const [stemId, record] of latest) {
      const row = byStem.get(stemId);
      const field = `stems.${records.indexOf(record)}`;
      if (!row) fields[field] = ['engine.notInAttempt'];
      else if (
        record.stem_choice_ids.some((choiceId) => !row.choices.some((c) => c.id === choiceId))
      ) {
        fields[field] = ['engine.choiceNotInQuestion'];
      } else if (!row.isMultiChoice && new Set(record.stem_choice_ids).size > 1) {
        fields[field] = ['engine.singleChoice'];
      } else if (
        row.revealedAt &&
        record.seq > row.seq &&
        !sameChoices(row.chosen, record.stem_choice_ids)
      ) {
        locked.push({ field, row });
      }
    }
    const [firstProblem] = Object.values(fields);
    if (firstProblem) throw new AppError(422, firstProblem[0], { fields });
    if (locked.length > 0) throw lockedError(locked);

    const studyMode = (attempt.configuration as AttemptConfiguration).study_mode;
    const saved: SaveAnswersResponse['data']['saved'] = [];
    const revealed: SaveAnswersResponse['data']['revealed'] = [];
    for (const [stemId, record] of latest) {
      const row = byStem.get(stemId)!;
      const chosen = [...new Set(record.stem_choice_ids)];
      const reveal = studyMode && record.reveal === true && chosen.length > 0;
      const choicesParam = sql`${sql.param(chosen, userTestStems.chosenChoiceIds)}::integer[]`;
      // One indexed statement: newer than the stored record, and the choices unchanged once the
      // question was revealed (a concurrent reveal is seen here, after its row lock).
      const [updated] = await tx
        .update(userTestStems)
        .set({
          chosenChoiceIds: chosen,
          isMarked: record.is_marked,
          clientSeq: record.seq,
          answeredAt: chosen.length > 0 ? now : null,
          revealedAt: reveal
            ? sql`coalesce(${userTestStems.revealedAt}, ${now.toISOString()}::timestamptz)`
            : sql`${userTestStems.revealedAt}`,
        })
        .where(
          and(
            eq(userTestStems.userTestId, id),
            eq(userTestStems.position, row.position),
            eq(userTestStems.userId, userId),
            lt(userTestStems.clientSeq, record.seq),
            sql`(${userTestStems.revealedAt} is null or (${userTestStems.chosenChoiceIds} @> ${choicesParam} and ${userTestStems.chosenChoiceIds} <@ ${choicesParam}))`,
          ),
        )
        .returning({ revealedAt: userTestStems.revealedAt });
      if (!updated && record.seq > row.seq && !row.revealedAt) {
        // Refused though it looked fresh: a concurrent save was newer, or revealed the question.
        const [current] = await tx
          .select({
            seq: userTestStems.clientSeq,
            chosen: userTestStems.chosenChoiceIds,
            revealedAt: userTestStems.revealedAt,
          })
          .from(userTestStems)
          .where(and(eq(userTestStems.userTestId, id), eq(userTestStems.position, row.position)));
        if (current && current.revealedAt && current.seq < record.seq) {
          throw lockedError([
            { field: `stems.${records.indexOf(record)}`, row: { ...row, ...current } },
          ]);
        }
      }
      saved.push({ stem_id: stemId, seq: record.seq, applied: updated !== undefined });
      const isRevealed = updated ? updated.revealedAt !== null : row.revealedAt !== null;
      if (studyMode && isRevealed) {
        revealed.push(solutionOf(row, updated ? chosen : row.chosen));
      }
    }
    return { saved, revealed };
  });
  if (outcome === 'deadline') {
    await submitAttempt(db, userId, id, now, 'time');
    throw new AppError(409, 'engine.deadlinePassed');
  }
  return outcome;
}

/**
 * `POST api/user-tests/{id}/leave`: the page is going away (closed, or reloading). The attempt is
 * submitted after the grace period unless it is opened again before that.
 */
export async function requestLeave(db: Db, userId: number, id: number, now: Date) {
  const updated = await db
    .update(userTests)
    .set({ leaveRequestedAt: now })
    .where(
      and(eq(userTests.id, id), eq(userTests.userId, userId), eq(userTests.status, 'in_progress')),
    )
    .returning({ id: userTests.id });
  if (updated.length === 0) {
    const [exists] = await db
      .select({ id: userTests.id })
      .from(userTests)
      .where(and(eq(userTests.id, id), eq(userTests.userId, userId)));
    if (!exists) throw new AppError(404, 'error.notFound');
  }
}
