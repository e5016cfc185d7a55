import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { queueMail } from '../../platform/index.ts';
import * as repo from './comment-repo.ts';

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
  const stem = await repo.findSubjectStem(db, input.subjectId, input.stemId);
  if (!stem)
    throw new AppError(422, 'engine.notInAttempt', { fields: { stemId: ['engine.notInAttempt'] } });
  if (!(await repo.wasShownTo(db, userId, stem.id, new Date())))
    throw new AppError(404, 'engine.commentNotShown');
  const user = await repo.findAuthor(db, userId);
  await db.transaction(async (tx) => {
    await repo.insertCorrectionRequest(tx, {
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
