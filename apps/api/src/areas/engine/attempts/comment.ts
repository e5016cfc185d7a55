import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  stemCorrectionRequests,
  stems,
  subjects,
  users,
  userTests,
  userTestStems,
} from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { queueMail } from '../../platform/index.ts';
import { hasBegunSql } from '../../sales/index.ts';

/**
 * `POST api/mail/stem-correction-request`: keeps the student's comment on a question and mails it to
 * the content team with a link to the question's back-office page, in one transaction. Only a
 * question the student was shown may be commented on: one of their attempts held it, and that
 * attempt was sent, begun, or untimed (a timed attempt shows nothing before its begin); otherwise
 * 404 (`engine.commentNotShown`) and nothing is kept or mailed.
 */
export async function requestStemCorrection(
  db: Db,
  options: { appUrl: string; contentTeamEmail: string },
  userId: number,
  input: { subjectId: number; stemId: number; comment: string },
): Promise<void> {
  const [stem] = await db
    .select({ id: stems.id, stemNumber: stems.stemNumber, subjectName: subjects.name })
    .from(stems)
    .innerJoin(subjects, eq(subjects.id, stems.subjectId))
    .where(and(eq(stems.id, input.stemId), eq(stems.subjectId, input.subjectId)));
  if (!stem)
    throw new AppError(422, 'engine.notInAttempt', { fields: { stemId: ['engine.notInAttempt'] } });
  // From the student's attempts to each one's question by the (attempt, stem) unique index, rather
  // than from every attempt that ever held the question.
  const [shown] = await db
    .select({ one: sql`1` })
    .from(userTests)
    .innerJoin(
      userTestStems,
      and(eq(userTestStems.userTestId, userTests.id), eq(userTestStems.stemId, stem.id)),
    )
    .where(
      and(
        eq(userTests.userId, userId),
        or(eq(userTests.status, 'submitted'), hasBegunSql(new Date())),
      ),
    )
    .limit(1);
  if (!shown) throw new AppError(404, 'engine.commentNotShown');
  const [user] = await db
    .select({ name: users.name, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  await db.transaction(async (tx) => {
    await tx.insert(stemCorrectionRequests).values({
      userId,
      stemId: stem.id,
      subjectId: input.subjectId,
      comment: input.comment,
    });
    await queueMail(tx, {
      to: options.contentTeamEmail,
      language: 'es',
      template: 'stem-correction',
      appUrl: options.appUrl,
      data: {
        studentName: `${user?.name ?? ''} ${user?.lastName ?? ''}`.trim(),
        studentEmail: user?.email ?? '',
        subjectName: stem.subjectName,
        stemId: stem.id,
        stemNumber: stem.stemNumber,
        comment: input.comment,
        url: `${options.appUrl}/admin/questions/${stem.id}`,
      },
    });
  });
}
