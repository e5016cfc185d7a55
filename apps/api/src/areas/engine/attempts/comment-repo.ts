import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  stemCorrectionRequests,
  stems,
  subjects,
  users,
  userTests,
  userTestStems,
} from '../../../db/schema/index.ts';
import { hasBegunSql } from '../../sales/index.ts';

// The queries of a student's comment on a question (comment.ts).

/** The question with its number and subject's name, when it is of that subject. */
export async function findSubjectStem(db: DbOrTx, subjectId: number, stemId: number) {
  const [stem] = await db
    .select({ id: stems.id, stemNumber: stems.stemNumber, subjectName: subjects.name })
    .from(stems)
    .innerJoin(subjects, eq(subjects.id, stems.subjectId))
    .where(and(eq(stems.id, stemId), eq(stems.subjectId, subjectId)));
  return stem;
}

/**
 * Whether one of the student's attempts held the question and showed it: sent, begun, or untimed.
 * From the student's attempts to each one's question by the (attempt, stem) unique index, rather
 * than from every attempt that ever held the question.
 */
export async function wasShownTo(
  db: DbOrTx,
  userId: number,
  stemId: number,
  now: Date,
): Promise<boolean> {
  const [shown] = await db
    .select({ one: sql`1` })
    .from(userTests)
    .innerJoin(
      userTestStems,
      and(eq(userTestStems.userTestId, userTests.id), eq(userTestStems.stemId, stemId)),
    )
    .where(
      and(eq(userTests.userId, userId), or(eq(userTests.status, 'submitted'), hasBegunSql(now))),
    )
    .limit(1);
  return shown !== undefined;
}

export async function findAuthor(db: DbOrTx, userId: number) {
  const [user] = await db
    .select({ name: users.name, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

export async function insertCorrectionRequest(
  db: DbOrTx,
  request: { userId: number; stemId: number; subjectId: number; comment: string },
): Promise<void> {
  await db.insert(stemCorrectionRequests).values(request);
}
