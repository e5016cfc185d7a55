import { createDecipheriv } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AdminScheduledExam, SealedContent } from '@ensaya/core/contracts/scheduled-exam';
import type { Db } from '../../../../db/client.ts';
import { scheduledExams, userTests, users } from '../../../../db/schema/index.ts';
import { grantAccess } from '../../../../test/bank-factory.ts';
import { TestClient, type TestApp } from '../../../../test/build-test-app.ts';
import { createAdmin, createStudent, TEST_PASSWORD } from '../../../../test/factories.ts';

// What the scheduled ensayos' tests share: signed-in students and an admin, an ensayo scheduled
// through the back office, and time moved by moving the ensayo (its start and its attempts' times).

export const MINUTE = 60_000;
export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

export async function signedIn(
  t: TestApp,
  options: {
    subjectId?: number;
    extraTimePercent?: number;
    language?: 'es' | 'en';
    admin?: boolean;
  } = {},
) {
  const user = options.admin
    ? await createAdmin(t.db)
    : await createStudent(t.db, {
        extraTimePercent: options.extraTimePercent ?? 0,
        language: options.language ?? 'es',
      });
  if (options.subjectId !== undefined) await grantAccess(t.db, user.id, options.subjectId);
  const client = new TestClient(t.app, { language: options.language ?? 'en' });
  await client.login(user.email, TEST_PASSWORD);
  return { user, client };
}

/** Schedules an ensayo through the back office (by default in 10 minutes, 60 minutes long). */
export async function schedule(
  admin: TestClient,
  subjectId: number,
  overrides: Record<string, unknown> = {},
): Promise<AdminScheduledExam> {
  const response = await admin.post('/api/admin/scheduled-exams', {
    title: 'Ensayo nacional',
    title_en: 'National mock exam',
    subject_id: subjectId,
    starts_at: inMinutes(10).toISOString(),
    duration_minutes: 60,
    late_join_minutes: 30,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/**
 * Moves the ensayo's start to `startsAt`, and its attempts' times with it: as if the clock had
 * moved by the difference (every time of the feature is derived from `starts_at`).
 */
export async function moveStart(db: Db, examId: number, startsAt: Date) {
  const [exam] = await db
    .select({ startsAt: scheduledExams.startsAt })
    .from(scheduledExams)
    .where(eq(scheduledExams.id, examId));
  const shift = startsAt.getTime() - exam!.startsAt.getTime();
  await db.update(scheduledExams).set({ startsAt }).where(eq(scheduledExams.id, examId));
  const by = sql`${shift} * interval '1 millisecond'`;
  await db
    .update(userTests)
    .set({
      startedAt: sql`${userTests.startedAt} + ${by}`,
      begunAt: sql`${userTests.begunAt} + ${by}`,
      deadlineAt: sql`${userTests.deadlineAt} + ${by}`,
    })
    .where(eq(userTests.scheduledExamId, examId));
}

export async function setExtraTime(db: Db, userId: number, percent: number) {
  await db.update(users).set({ extraTimePercent: percent }).where(eq(users.id, userId));
}

/** Opens a sealed form with the key (node:crypto, as WebCrypto does in the page). */
export function unseal(sealed: SealedContent, key: string): string {
  const bytes = Buffer.from(sealed.ciphertext, 'base64');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(key, 'base64'),
    Buffer.from(sealed.iv, 'base64'),
  );
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([
    decipher.update(bytes.subarray(0, bytes.length - 16)),
    decipher.final(),
  ]).toString('utf8');
}
