import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AnswerRecord, SaveAnswersResponse } from '@ensaya/core/contracts/engine';
import { questionOutcome } from '@ensaya/core/engine/scoring';
import type { Db } from '../../db/client.ts';
import { stemChoices, stems, userTests, userTestStems } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AttemptConfiguration } from './start.ts';
import { submitAttempt } from './submit.ts';

/**
 * `POST api/user-tests/{id}/stems`: saves each question's whole state (choices and mark) as the
 * client holds it. Every record is checked before anything is written: a question of another
 * attempt, a choice of another question or two picks on a single-choice question refuse the whole
 * request. A record older than the stored one (`seq`) is skipped, so retries and reordering are
 * harmless. The attempt row is share-locked, so a submit waits for the save and the save after a
 * submit sees it sent. After the deadline nothing is saved: the attempt is submitted with what was.
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
    const rows = await tx
      .select({
        position: userTestStems.position,
        stemId: userTestStems.stemId,
        isMultiChoice: stems.isMultiChoice,
        solutionHtml: stems.solutionHtml,
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
      );
    const byStem = new Map(rows.map((row) => [row.stemId, row]));
    const fields: Record<
      string,
      ['engine.notInAttempt' | 'engine.choiceNotInQuestion' | 'engine.singleChoice']
    > = {};
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
      }
    }
    const [firstProblem] = Object.values(fields);
    if (firstProblem) throw new AppError(422, firstProblem[0], { fields });

    const saved: SaveAnswersResponse['data']['saved'] = [];
    for (const [stemId, record] of latest) {
      const row = byStem.get(stemId)!;
      const chosen = [...new Set(record.stem_choice_ids)];
      const updated = await tx
        .update(userTestStems)
        .set({
          chosenChoiceIds: chosen,
          isMarked: record.is_marked,
          clientSeq: record.seq,
          answeredAt: chosen.length > 0 ? now : null,
        })
        .where(
          and(
            eq(userTestStems.userTestId, id),
            eq(userTestStems.position, row.position),
            eq(userTestStems.userId, userId),
            lt(userTestStems.clientSeq, record.seq),
          ),
        )
        .returning({ position: userTestStems.position });
      saved.push({ stem_id: stemId, seq: record.seq, applied: updated.length > 0 });
    }

    const configuration = attempt.configuration as AttemptConfiguration;
    const revealed = configuration.study_mode
      ? [...latest.values()]
          .filter((record) => record.stem_choice_ids.length > 0)
          .map((record) => {
            const row = byStem.get(record.stem_id)!;
            const keyIds = row.choices.filter((choice) => choice.correct).map((c) => c.id);
            return {
              stem_id: record.stem_id,
              solution_html: row.solutionHtml,
              correct_choice_ids: keyIds,
              is_correct:
                questionOutcome({
                  isMultiChoice: row.isMultiChoice,
                  keyIds,
                  chosenIds: record.stem_choice_ids,
                }) === 'correct',
            };
          })
      : [];
    return { saved, revealed };
  });
  if (outcome === 'deadline') {
    await submitAttempt(db, userId, id, now);
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
