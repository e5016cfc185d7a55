import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import {
  contexts,
  gradeTables,
  periods,
  periodThemes,
  stemChoices,
  stems,
  subjects,
  themes,
  userSubscriptions,
  userSubscriptionSubjects,
  type packages,
  packages as packagesTable,
} from '../db/schema/index.ts';
import { eq } from 'drizzle-orm';

export type TestBank = Awaited<ReturnType<typeof createBank>>;

/** A number written in letters (1: "a", 27: "aa"), a word no other question of a bank has. */
function letters(number: number): string {
  let word = '';
  for (let n = number; n > 0; n = Math.floor((n - 1) / 26))
    word = String.fromCharCode(97 + ((n - 1) % 26)) + word;
  return word;
}

/**
 * A subject of its own with a current period, weighted themes, a grade table (correct count x 10)
 * and `perTheme` questions in each theme (4 choices, the first correct; every third question of the
 * first theme shares one reading context). Class B when `standardTestId` is 2.
 */
export async function createBank(
  db: Db,
  options: {
    standardTestId?: 1 | 2;
    weights?: number[];
    perTheme?: number;
    questionCount?: number;
    testDuration?: number;
    approvalGrade?: number;
    approvalRule?: 'pass_mark' | 'application_average' | 'none';
    /** How many of the last themes are elective modules (a mock exam takes one). */
    electives?: number;
    /** Unscored pilot questions per mock exam. */
    pilotCount?: number;
  } = {},
) {
  const {
    standardTestId = 1,
    weights = [60, 40],
    perTheme = 10,
    questionCount = 10,
    testDuration = 30,
    approvalGrade = 50,
    approvalRule = 'pass_mark',
    electives = 0,
    pilotCount = 0,
  } = options;
  const [subject] = await db
    .insert(subjects)
    .values({ standardTestId, name: `Asignatura ${randomUUID()}`, approvalGrade, approvalRule })
    .returning();
  const themeRows = await db
    .insert(themes)
    .values(
      weights.map((_, index) => ({
        subjectId: subject!.id,
        name: `Eje ${index + 1}`,
        position: index,
        isElective: index >= weights.length - electives,
      })),
    )
    .returning();
  const [period] = await db
    .insert(periods)
    .values({
      subjectId: subject!.id,
      name: 'Periodo',
      testDuration,
      questionCount,
      pilotCount,
      isCurrent: true,
    })
    .returning();
  await db.insert(periodThemes).values(
    themeRows.map((theme, index) => ({
      periodId: period!.id,
      themeId: theme.id,
      weight: weights[index]!,
    })),
  );
  await db.insert(gradeTables).values(
    Array.from(
      { length: Math.max(questionCount, perTheme * weights.length) + 4 },
      (_, correct) => ({
        subjectId: subject!.id,
        goodAnswersQuantity: correct,
        grade: correct * 10,
      }),
    ),
  );
  const [context] = await db
    .insert(contexts)
    .values({
      subjectId: subject!.id,
      title: 'Lectura',
      bodySource: '<p>Texto</p>',
      bodyHtml: '<p>Texto</p>',
    })
    .returning();
  const bank: Array<{
    id: number;
    themeId: number;
    stemNumber: number;
    keyId: number;
    wrongId: number;
    choiceIds: number[];
  }> = [];
  let number = 0;
  for (const theme of themeRows) {
    for (let i = 0; i < perTheme; i++) {
      number += 1;
      const [stem] = await db
        .insert(stems)
        .values({
          subjectId: subject!.id,
          themeId: theme.id,
          contextId: theme.id === themeRows[0]!.id && i % 3 === 0 ? context!.id : null,
          stemNumber: number,
          // A word of its own, so no two are one question with other numbers (clone families).
          statementSource: `<p>Pregunta ${number}: ${letters(number)}</p>`,
          statementHtml: `<p>Pregunta ${number}: ${letters(number)}</p>`,
          solutionSource: `<p>Solución ${number}</p>`,
          solutionHtml: `<p>Solución ${number}</p>`,
        })
        .returning();
      const choices = await db
        .insert(stemChoices)
        .values(
          [0, 1, 2, 3].map((position) => ({
            stemId: stem!.id,
            position: position + 1,
            bodySource: `${position}`,
            bodyHtml: `${position}`,
            isCorrect: position === 0,
          })),
        )
        .returning();
      bank.push({
        id: stem!.id,
        themeId: theme.id,
        stemNumber: number,
        keyId: choices[0]!.id,
        wrongId: choices[1]!.id,
        choiceIds: choices.map((choice) => choice.id),
      });
    }
  }
  return { subject: subject!, themes: themeRows, period: period!, context: context!, bank };
}

/** An Active subscription to the subject (on any package of its standard test). */
export async function grantAccess(
  db: Db,
  userId: number,
  subjectId: number,
  overrides: Partial<typeof userSubscriptions.$inferInsert> = {},
) {
  const [subject] = await db.select().from(subjects).where(eq(subjects.id, subjectId));
  let [pack]: Array<typeof packages.$inferSelect | undefined> = await db
    .select()
    .from(packagesTable)
    .where(eq(packagesTable.standardTestId, subject!.standardTestId))
    .limit(1);
  if (!pack) {
    [pack] = await db
      .insert(packagesTable)
      .values({
        standardTestId: subject!.standardTestId,
        name: `Paquete ${randomUUID()}`,
        durationDays: 30,
        priceClp: 9990,
        subjectsQuantity: 1,
      })
      .returning();
  }
  const [subscription] = await db
    .insert(userSubscriptions)
    .values({ userId, packageId: pack!.id, status: 'Active', ...overrides })
    .returning();
  await db
    .insert(userSubscriptionSubjects)
    .values({ userSubscriptionId: subscription!.id, subjectId });
  return subscription!;
}
