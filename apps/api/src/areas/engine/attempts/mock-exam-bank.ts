import { cloneFamilies } from '@ensaya/core/content/families';
import { effectiveDifficulty, type Difficulty } from '@ensaya/core/engine/difficulty';
import type { BankStem } from '@ensaya/core/engine/selection';
import type { DbOrTx } from '../../../db/client.ts';
import { listActiveStems, listChoiceSources, listStemSources } from './mock-exam-bank-repo.ts';

// The bank a mock exam is drawn from: the subject's active questions with the
// difficulty selection reads (the authored one, or the measured one once the question has enough
// answers) and their clone family, found from the stored sources as the bank linter finds it.

/**
 * The subject's active questions for a mock exam, in bank order: each with its effective
 * difficulty (item_stats over all periods: answers and correct ones) and its clone family (the
 * id of the family's first question), or none.
 */
export async function mockExamBank(db: DbOrTx, subjectId: number): Promise<BankStem[]> {
  const rows = await listActiveStems(db, subjectId);
  const version = `${rows.length}:${Math.max(0, ...rows.map((row) => row.contentVersion))}`;
  const families = await familiesOf(db, subjectId, version);
  return rows.map((row) => ({
    id: row.id,
    themeId: row.themeId,
    contextId: row.contextId,
    stemNumber: row.stemNumber,
    difficulty: effectiveDifficulty(row.difficulty as Difficulty, row.answers, row.correct),
    family: families.get(row.id) ?? null,
  }));
}

/**
 * The clone families of a subject's bank version (its active question count and largest content
 * version: any change to a statement, option, context or the active set changes it), kept per
 * database handle in the process, since finding them reads every text of the bank.
 */
const familyCache = new WeakMap<
  DbOrTx,
  Map<number, { version: string; families: Map<number, number> }>
>();

async function familiesOf(
  db: DbOrTx,
  subjectId: number,
  version: string,
): Promise<Map<number, number>> {
  const cache = familyCache.get(db) ?? new Map();
  familyCache.set(db, cache);
  const cached = cache.get(subjectId);
  if (cached?.version === version) return cached.families;
  const questions = await listStemSources(db, subjectId);
  const choices = await listChoiceSources(db, subjectId);
  const choicesOf = new Map<number, string[]>();
  for (const choice of choices)
    choicesOf.set(choice.stemId, [...(choicesOf.get(choice.stemId) ?? []), choice.body]);
  const groups = cloneFamilies(
    questions.map((question) => ({
      statement: question.statement,
      choices: choicesOf.get(question.id) ?? [],
      context:
        question.contextId === null
          ? null
          : { key: question.contextId, body: question.context ?? '' },
    })),
  );
  const families = new Map<number, number>();
  for (const group of groups) {
    const family = questions[group[0]!]!.id;
    for (const index of group) families.set(questions[index]!.id, family);
  }
  cache.set(subjectId, { version, families });
  return families;
}
