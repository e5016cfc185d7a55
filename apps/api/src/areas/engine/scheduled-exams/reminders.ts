import { isLanguage, type Language } from '@ensaya/core/i18n/language';
import type { Db } from '../../../db/client.ts';
import { insertMails, renderMail } from '../../platform/index.ts';
import * as repo from './repo.ts';

// The day before a scheduled ensayo, every student with access to its subject gets a reminder in
// their language. The job runner enqueues one job per ensayo (its unique key names the
// ensayo); the job takes the students in chunks, each recorded as reminded in the transaction
// that queues their mails, so a job run again, or twice at once, mails nobody twice.

const REMINDER_CHUNK = 500;
const DEFAULT_TIME_ZONE = 'America/Santiago';

/** When the ensayo starts, as the student reads it: their language and time zone. */
export function startsAtText(startsAt: Date, language: Language, timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-CL', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: zone,
    }).format(startsAt);
  try {
    return format(timeZone);
  } catch {
    // An unknown zone stored on the account: Chile's.
    return format(DEFAULT_TIME_ZONE);
  }
}

/** The reminder job: mails every student not reminded yet. Returns how many were mailed. */
export async function remindScheduledExam(
  db: Db,
  appUrl: string,
  examId: number,
  now: Date,
): Promise<number> {
  const found = await repo.findExam(db, examId);
  if (!found) return 0;
  const { exam, subjectName } = found;
  // Cancelled, or started meanwhile: nothing to remind of.
  if (exam.cancelledAt || exam.startsAt.getTime() <= now.getTime()) return 0;
  let mailed = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const students = await repo.takeStudentsToRemind(
        tx,
        exam.id,
        exam.subjectId,
        now,
        REMINDER_CHUNK,
      );
      await insertMails(
        tx,
        students.map((student) => {
          const language: Language = isLanguage(student.language) ? student.language : 'es';
          const content = renderMail(
            'scheduled-exam-reminder',
            language,
            {
              name: student.name,
              title: language === 'en' ? (exam.titleEn ?? exam.title) : exam.title,
              subjectName,
              startsAt: startsAtText(exam.startsAt, language, student.timezone),
              url: `${appUrl}/ensayo-nacional/${exam.id}`,
            },
            appUrl,
          );
          return {
            toAddress: student.email,
            subject: content.subject,
            html: content.html,
            text: content.text,
            locale: language,
          };
        }),
      );
      return students.length;
    });
    mailed += count;
    if (count < REMINDER_CHUNK) return mailed;
  }
}
