import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { seededRandom, type Random } from '@ensaya/core/engine/random';
import type { DbOrTx, Db } from '../db/client.ts';
import {
  stemChoices,
  stems,
  subjects,
  themes,
  users,
  userTests,
  userTestStems,
} from '../db/schema/index.ts';
import { hashPassword } from '../areas/accounts/index.ts';
import { startAttempt, submitAttempt } from '../areas/engine/index.ts';
import { subscribe } from './demo-accounts.ts';

// A history for the demo student and a class of other demo students, so the dashboard, the history
// and the bell curve show something real on a fresh start. Every attempt goes through the test
// engine's start and submit at chosen times (the answers are written in bulk between them), so
// the scores and aggregates are exactly what a student would have produced. Seeded random numbers: the same data on every fresh start.

const DAY_MS = 86_400_000;
const DEMO_STUDENT = 'estudiante@ensaya.cl';
const CLASSMATES = 30;
const NAMES = ['Sofía', 'Benjamín', 'Valentina', 'Vicente', 'Isidora', 'Agustín', 'Florencia'];
const LAST_NAMES = ['González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva'];

type Subject = {
  id: number;
  name: string;
  standardTestId: number;
  /** Elective theme ids (Ciencias): a mock exam takes one. */
  electives?: number[];
};

/** E-mails of the other demo students (not demo accounts: nobody logs in with them). */
export const classmateEmail = (n: number) => `demo.alumno${String(n).padStart(2, '0')}@ensaya.cl`;

/** Attempts for the demo student and 30 classmates; run once, when the demo accounts are made. */
export async function seedDemoAttempts(tx: DbOrTx, now = new Date()): Promise<void> {
  const random = seededRandom(2026);
  const subjectRows: Subject[] = await tx
    .select({ id: subjects.id, name: subjects.name, standardTestId: subjects.standardTestId })
    .from(subjects)
    .where(eq(subjects.isActive, true))
    .orderBy(asc(subjects.standardTestId), asc(subjects.position), asc(subjects.id));
  if (subjectRows.length === 0) return;
  const electiveRows = await tx
    .select({ id: themes.id, subjectId: themes.subjectId })
    .from(themes)
    .where(eq(themes.isElective, true))
    .orderBy(asc(themes.position), asc(themes.id));
  for (const subject of subjectRows) {
    subject.electives = electiveRows
      .filter((theme) => theme.subjectId === subject.id)
      .map((theme) => theme.id);
  }
  const keys = await choiceKeys(tx, subjectRows);
  // The engine runs its own transactions; inside the seed's they become savepoints.
  const db: Db = tx;

  const [demo] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_STUDENT));
  if (demo) {
    // 8 attempts per subject (6 subjects: 48), every subject improving over the 60 days.
    const plan = subjectRows.flatMap((subject, s) =>
      Array.from({ length: 8 }, (_, k) => ({ subject, k, official: k % 3 === 2, s })),
    );
    plan.sort((a, b) => a.k - b.k || a.s - b.s);
    for (const [index, item] of plan.entries()) {
      const progress = index / (plan.length - 1);
      const base = 0.5 + 0.04 * ((item.s * 7) % 5);
      await takeAttempt(db, keys, random, {
        userId: demo.id,
        subject: item.subject,
        official: item.official,
        accuracy: Math.min(0.85, base + 0.2 * progress + (random() - 0.5) * 0.08),
        startedAt: new Date(now.getTime() - (60 - progress * 59) * DAY_MS),
      });
    }
  }

  // Classmates: their own level (35..90 %), 3 to 8 attempts each over the same 60 days.
  const passwordHash = await hashPassword(`demo-${Math.floor(random() * 1e12)}`);
  for (let n = 1; n <= CLASSMATES; n++) {
    const [classmate] = await tx
      .insert(users)
      .values({
        name: NAMES[n % NAMES.length]!,
        lastName: `${LAST_NAMES[n % LAST_NAMES.length]!} ${LAST_NAMES[(n * 3) % LAST_NAMES.length]!}`,
        email: classmateEmail(n),
        passwordHash,
        termsAccepted: true,
        emailVerifiedAt: new Date(now.getTime() - 90 * DAY_MS),
      })
      .returning({ id: users.id });
    await subscribe(tx, classmate!.id, ['PAES Anual', 'Licencia Clase B']);
    const level = 0.35 + 0.55 * random();
    const count = 3 + Math.floor(random() * 6);
    for (let k = 0; k < count; k++) {
      const subject = subjectRows[Math.floor(random() * subjectRows.length)]!;
      await takeAttempt(db, keys, random, {
        userId: classmate!.id,
        subject,
        official: random() < 0.3,
        accuracy: Math.min(0.95, Math.max(0.1, level + (random() - 0.5) * 0.15)),
        startedAt: new Date(now.getTime() - (60 - ((k + random()) / count) * 59) * DAY_MS),
      });
    }
  }
}

/** Per subject, per question the correct and the wrong choice ids. */
async function choiceKeys(tx: DbOrTx, subjectRows: Subject[]) {
  const rows = await tx
    .select({ stemId: stemChoices.stemId, id: stemChoices.id, isCorrect: stemChoices.isCorrect })
    .from(stemChoices)
    .innerJoin(stems, eq(stems.id, stemChoices.stemId))
    .where(
      inArray(
        stems.subjectId,
        subjectRows.map((subject) => subject.id),
      ),
    );
  const keys = new Map<number, { correct: number[]; wrong: number[] }>();
  for (const row of rows) {
    const entry = keys.get(row.stemId) ?? { correct: [], wrong: [] };
    (row.isCorrect ? entry.correct : entry.wrong).push(row.id);
    keys.set(row.stemId, entry);
  }
  return keys;
}

/**
 * One attempt through the engine: practice of 10 to 25 questions (or the subject's mock exam),
 * each answered right with probability `accuracy`, otherwise wrong (or, 1 in 8, left blank).
 */
async function takeAttempt(
  db: Db,
  keys: Awaited<ReturnType<typeof choiceKeys>>,
  random: Random,
  plan: { userId: number; subject: Subject; official: boolean; accuracy: number; startedAt: Date },
) {
  const { userId, subject, startedAt } = plan;
  const id = await startAttempt(
    db,
    { id: userId },
    plan.official
      ? {
          subject_id: subject.id,
          mode: 'mock_exam',
          random_question: true,
          random_answer: true,
          study_mode: false,
          replace_in_progress: true,
          elective_theme_id: subject.electives?.length
            ? subject.electives[Math.floor(random() * subject.electives.length)]
            : undefined,
        }
      : {
          subject_id: subject.id,
          mode: 'practice',
          selection: { value: 2, limit: 10 + Math.floor(random() * 16) },
          random_question: true,
          random_answer: false,
          study_mode: false,
          replace_in_progress: true,
        },
    startedAt,
    random,
  );
  const questions = await db
    .select({ stemId: userTestStems.stemId, isMultiChoice: stems.isMultiChoice })
    .from(userTestStems)
    .innerJoin(stems, eq(stems.id, userTestStems.stemId))
    .where(and(eq(userTestStems.userTestId, id), eq(userTestStems.userId, userId)))
    .orderBy(asc(userTestStems.position));
  const [{ deadlineAt }] = (await db
    .select({ deadlineAt: userTests.deadlineAt })
    .from(userTests)
    .where(eq(userTests.id, id))) as [{ deadlineAt: Date | null }];
  const records = questions.flatMap((question, index) => {
    const key = keys.get(question.stemId);
    const roll = random();
    if (!key || (roll >= plan.accuracy && random() < 0.125)) return [];
    const choice =
      roll < plan.accuracy ? key.correct : [key.wrong[Math.floor(random() * key.wrong.length)]!];
    return [
      {
        stem_id: question.stemId,
        stem_choice_ids: question.isMultiChoice ? choice : choice.slice(0, 1),
        is_marked: index % 11 === 3,
      },
    ];
  });
  // About 1 minute a question; a mock exam ends before its deadline.
  const minutes = questions.length * (0.6 + random() * 0.6);
  const answeredAt = new Date(startedAt.getTime() + minutes * 30_000);
  // The answers as the student's saves would have left them, in one statement (the engine's
  // save checks and writes question by question: too slow for some 200 attempts at every start).
  if (records.length > 0) {
    const values = sql.join(
      records.map(
        (record) =>
          sql`(${record.stem_id}::integer, ${`{${record.stem_choice_ids.join(',')}}`}::integer[], ${record.is_marked}::boolean)`,
      ),
      sql`, `,
    );
    await db.execute(sql`
      update user_test_stems set chosen_choice_ids = a.chosen, is_marked = a.marked,
        client_seq = 1, answered_at = ${answeredAt.toISOString()}::timestamptz
      from (values ${values}) as a(stem_id, chosen, marked)
      where user_test_stems.user_test_id = ${id} and user_test_stems.user_id = ${userId}
        and user_test_stems.stem_id = a.stem_id`);
  }
  const end = new Date(startedAt.getTime() + minutes * 60_000);
  await submitAttempt(db, userId, id, deadlineAt && deadlineAt < end ? deadlineAt : end);
}
