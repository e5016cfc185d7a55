import { and, asc, eq } from 'drizzle-orm';
import { seededRandom, type Random } from '@ensaya/core/engine/random';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  periods,
  stemChoices,
  stems,
  subjects,
  users,
  userTests,
  userTestStems,
} from '../db/schema/index.ts';
import { hashPassword } from '../areas/accounts/index.ts';
import { submitAttempt } from '../areas/engine/index.ts';

// A cohort of demo students who each sat two M1 mock exams, so that the back office's item
// analysis shows real figures and flags on a fresh start: with the classmates'
// few attempts per question, no question would reach the 30 answers a flag needs. The answers
// follow a two-parameter logistic model: each question gets a difficulty and a discrimination
// (a few deliberately poor: near zero or negative), each wrong option a popularity (some never
// chosen, some more tempting than the key). The exams are written directly (not drawn by the
// engine: all 65 questions come from the bank's first 90, so each is answered about 60 times)
// and then submitted through the engine, which scores them and updates every aggregate.

const SUBJECT = 'Competencia Matemática M1';
const STUDENTS = 40;
const EXAMS_EACH = 2;
const POOL = 90;
const DAY_MS = 86_400_000;

/** E-mails of the cohort (nobody logs in with them). */
export const cohortEmail = (n: number) => `demo.ensayo${String(n).padStart(2, '0')}@ensaya.cl`;

type Item = {
  stemId: number;
  themeId: number;
  keyId: number;
  wrong: Array<{ id: number; weight: number }>;
  difficulty: number;
  discrimination: number;
};

/** A standard normal draw (Box-Muller) from the seeded generator. */
function normal(random: Random) {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

async function itemPool(tx: DbOrTx, subjectId: number, random: Random): Promise<Item[]> {
  const rows = await tx
    .select({
      stemId: stems.id,
      themeId: stems.themeId,
      isMultiChoice: stems.isMultiChoice,
      choiceId: stemChoices.id,
      isCorrect: stemChoices.isCorrect,
    })
    .from(stems)
    .innerJoin(stemChoices, eq(stemChoices.stemId, stems.id))
    .where(and(eq(stems.subjectId, subjectId), eq(stems.isActive, true)))
    .orderBy(asc(stems.stemNumber), asc(stemChoices.position));
  const byStem = new Map<number, typeof rows>();
  for (const row of rows) {
    if (row.isMultiChoice) continue;
    byStem.set(row.stemId, [...(byStem.get(row.stemId) ?? []), row]);
  }
  return [...byStem.values()].slice(0, POOL).map((choices, index) => {
    const kind = random();
    const difficulty = kind < 0.06 ? -3.2 : kind < 0.12 ? 2.6 : normal(random) * 0.9;
    // Every 11th question barely tells strong from weak students; every 23rd the other way round.
    const discrimination = index % 23 === 7 ? -0.5 : index % 11 === 5 ? 0.03 : 0.7 + random() * 1.1;
    const wrong = choices
      .filter((choice) => !choice.isCorrect)
      .map((choice, k) => ({
        id: choice.choiceId,
        // One in six questions has a distractor nobody falls for; hard ones a tempting one.
        weight: index % 6 === 1 && k === 2 ? 0 : difficulty > 2 && k === 0 ? 6 : 0.4 + random(),
      }));
    return {
      stemId: choices[0]!.stemId,
      themeId: choices[0]!.themeId,
      keyId: choices.find((choice) => choice.isCorrect)!.choiceId,
      wrong,
      difficulty,
      discrimination,
    };
  });
}

/** The cohort and their mock exams; run once with the other demo attempts. */
export async function seedItemAnalysisCohort(tx: DbOrTx, now = new Date()): Promise<void> {
  const random = seededRandom(1616);
  const [subject] = await tx
    .select({ id: subjects.id, standardTestId: subjects.standardTestId })
    .from(subjects)
    .where(eq(subjects.name, SUBJECT));
  if (!subject) return;
  const [period] = await tx
    .select()
    .from(periods)
    .where(and(eq(periods.subjectId, subject.id), eq(periods.isCurrent, true)));
  if (!period) return;
  const pool = await itemPool(tx, subject.id, random);
  if (pool.length < period.questionCount) return;
  // The engine runs its own transactions; inside the seed's they become savepoints.
  const db: Db = tx;
  const passwordHash = await hashPassword(`demo-${Math.floor(random() * 1e12)}`);
  for (let n = 1; n <= STUDENTS; n++) {
    const [student] = await tx
      .insert(users)
      .values({
        name: 'Estudiante',
        lastName: `Ensayo ${n}`,
        email: cohortEmail(n),
        passwordHash,
        termsAccepted: true,
        emailVerifiedAt: new Date(now.getTime() - 90 * DAY_MS),
      })
      .returning({ id: users.id });
    const ability = normal(random);
    for (let exam = 0; exam < EXAMS_EACH; exam++) {
      const startedAt = new Date(now.getTime() - (40 - exam * 15 - random() * 10) * DAY_MS);
      // 65 of the pool in random order, the last 5 drawn as unscored pilots.
      const order = pool
        .map((item) => ({ item, at: random() }))
        .sort((a, b) => a.at - b.at)
        .slice(0, period.questionCount)
        .map(({ item }) => item);
      const [attempt] = await tx
        .insert(userTests)
        .values({
          userId: student!.id,
          subjectId: subject.id,
          standardTestId: subject.standardTestId,
          periodId: period.id,
          type: 'official',
          mode: 'mock_exam',
          configuration: {
            random_question: true,
            random_answer: true,
            study_mode: false,
            seconds: period.testDuration * 60,
          },
          startedAt,
          begunAt: startedAt,
          deadlineAt: new Date(startedAt.getTime() + period.testDuration * 60_000),
        })
        .returning({ id: userTests.id });
      await tx.insert(userTestStems).values(
        order.map((item, index) => {
          const p = 1 / (1 + Math.exp(-1.7 * item.discrimination * (ability - item.difficulty)));
          const roll = random();
          let chosen: number[] = [];
          if (roll < p) chosen = [item.keyId];
          else if (random() > 0.06) {
            const total = item.wrong.reduce((sum, choice) => sum + choice.weight, 0);
            let pick = random() * total;
            const choice =
              item.wrong.find((option) => (pick -= option.weight) < 0) ?? item.wrong[0]!;
            chosen = [choice.id];
          }
          return {
            userId: student!.id,
            userTestId: attempt!.id,
            position: index + 1,
            stemId: item.stemId,
            themeId: item.themeId,
            chosenChoiceIds: chosen,
            isPilot: index >= period.questionCount - period.pilotCount,
            clientSeq: chosen.length > 0 ? 1 : 0,
            answeredAt: chosen.length > 0 ? new Date(startedAt.getTime() + index * 90_000) : null,
          };
        }),
      );
      await submitAttempt(
        db,
        student!.id,
        attempt!.id,
        new Date(startedAt.getTime() + (period.testDuration - 20) * 60_000),
      );
    }
  }
}
