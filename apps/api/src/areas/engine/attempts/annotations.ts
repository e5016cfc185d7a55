import type { Annotations, SaveAnnotationsRequest } from '@ensaya/core/contracts/annotations';
import { normalizeRanges } from '@ensaya/core/engine/annotations';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import * as repo from './annotations-repo.ts';

type StoredAnnotations = Annotations & { seq: number };

/**
 * `GET api/user-tests/{id}/annotations`: the student's crossed-out choices and highlights on their
 * own attempt, while it runs and once sent (the review shows them). Another student's attempt is
 * a 404, as every attempt route answers.
 */
export async function readAnnotations(
  db: Db,
  userId: number,
  id: number,
): Promise<StoredAnnotations> {
  const row = await repo.findAttemptAnnotations(db, userId, id);
  if (!row) throw new AppError(404, 'error.notFound');
  return {
    strikes: (row.strikes as Annotations['strikes'] | null) ?? [],
    highlights: (row.highlights as Annotations['highlights'] | null) ?? [],
    seq: row.seq ?? 0,
  };
}

/**
 * `PUT api/user-tests/{id}/annotations`: the whole state as the client holds it, kept when its
 * `seq` is newer than the stored one (a retry or a late request changes nothing). Only while the
 * attempt runs (409 once sent, past its deadline, or before a timed attempt's begin); every
 * question must be the attempt's, every choice that question's and every context one of its
 * questions' (422 otherwise, nothing written). Strike-outs never touch the answers. The attempt
 * row is share-locked, so a submit waits for the save and a save after a submit sees it sent.
 */
export async function saveAnnotations(
  db: Db,
  userId: number,
  id: number,
  body: SaveAnnotationsRequest,
  now: Date,
): Promise<{ seq: number; applied: boolean }> {
  return db.transaction(async (tx) => {
    const attempt = await repo.lockAttempt(tx, userId, id, now);
    if (!attempt) throw new AppError(404, 'error.notFound');
    if (attempt.status === 'submitted') throw new AppError(409, 'engine.annotationsClosed');
    if (attempt.deadlineAt && attempt.deadlineAt.getTime() <= now.getTime()) {
      throw new AppError(409, 'engine.annotationsClosed');
    }
    if (!attempt.hasBegun) throw new AppError(409, 'engine.notBegun');

    const stemIds = body.strikes.map((item) => item.stem_id);
    const questions = await repo.attemptQuestions(tx, userId, id);
    const attemptStems = new Set(questions.map((q) => q.stemId));
    const attemptContexts = new Set(questions.map((q) => q.contextId).filter((c) => c !== null));
    const choices = await repo.choicesOfStems(tx, stemIds);
    const choiceStem = new Map(choices.map((choice) => [choice.id, choice.stemId]));

    const fields: Record<string, ['engine.notInAttempt' | 'engine.choiceNotInQuestion']> = {};
    body.strikes.forEach((item, index) => {
      if (!attemptStems.has(item.stem_id)) fields[`strikes.${index}`] = ['engine.notInAttempt'];
      else if (item.choice_ids.some((choiceId) => choiceStem.get(choiceId) !== item.stem_id)) {
        fields[`strikes.${index}`] = ['engine.choiceNotInQuestion'];
      }
    });
    body.highlights.forEach((item, index) => {
      if (!attemptContexts.has(item.context_id)) {
        fields[`highlights.${index}`] = ['engine.notInAttempt'];
      }
    });
    const [firstProblem] = Object.values(fields);
    if (firstProblem) throw new AppError(422, firstProblem[0], { fields });

    // Stored canonical: choices once each, ranges merged and sorted, nothing empty.
    const strikes = body.strikes
      .map((item) => ({ stem_id: item.stem_id, choice_ids: [...new Set(item.choice_ids)] }))
      .filter((item) => item.choice_ids.length > 0);
    const highlights = body.highlights
      .map((item) => ({ context_id: item.context_id, ranges: normalizeRanges(item.ranges) }))
      .filter((item) => item.ranges.length > 0);

    const applied = await repo.upsertAnnotations(tx, {
      userTestId: id,
      userId,
      strikes,
      highlights,
      clientSeq: body.seq,
      updatedAt: now,
    });
    return { seq: body.seq, applied };
  });
}
