import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { ScheduledExam, ScheduledExamKey } from '@ensaya/core/contracts/scheduled-exam';
import {
  scheduledExamParticipants,
  scheduledExams,
  stems,
  userTests,
  userTestStems,
} from '../../../db/schema/index.ts';
import { createBank, type TestBank } from '../../../test/bank-factory.ts';
import { buildTestApp, type TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { sweepDueAttempts } from '../attempts/submit.ts';
import { prepareScheduledAttempts } from './prepare.ts';
import {
  inMinutes,
  MINUTE,
  moveStart,
  schedule,
  setExtraTime,
  signedIn,
  unseal,
} from './test/helpers.ts';

// Scheduled ensayos: the back office schedules one form; subscribers join, download it
// sealed, get the key at the start and sit it as a mock-exam attempt with everyone's clock.

let t: TestApp;
let bank: TestBank;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  bank = await createBank(t.db, { weights: [60, 40], perTheme: 10, questionCount: 10 });
  admin = (await signedIn(t, { admin: true })).client;
});
afterAll(() => t?.close());

const joinOf = (client: TestClient, id: number) => client.post(`/api/scheduled-exams/${id}/join`);
const keyOf = (client: TestClient, id: number) => client.post(`/api/scheduled-exams/${id}/key`);

async function attemptRow(id: number) {
  const [row] = await t.db.select().from(userTests).where(eq(userTests.id, id));
  return row!;
}

async function examRow(id: number) {
  const [row] = await t.db.select().from(scheduledExams).where(eq(scheduledExams.id, id));
  return row!;
}

describe('scheduling in the back office', () => {
  it('draws one form by the mock-exam rules, its choices in one order', async () => {
    const exam = await schedule(admin, bank.subject.id);
    expect(exam).toMatchObject({
      subject_id: bank.subject.id,
      question_count: 10,
      state: 'waiting_room',
      participant_count: 0,
      audience: 'subscribers',
      late_join_minutes: 30,
    });
    const row = await examRow(exam.id);
    expect(row.stemIds).toHaveLength(10);
    expect(row.form.map((question) => question.stem_id)).toEqual(row.stemIds);
    const byId = new Map(bank.bank.map((stem) => [stem.id, stem]));
    for (const question of row.form) {
      expect([...question.choice_order].sort((a, b) => a - b)).toEqual(
        byId.get(question.stem_id)!.choiceIds,
      );
    }
    // The period's weights (60/40 of 10).
    const inFirstTheme = row.form.filter((q) => q.theme_id === bank.themes[0]!.id).length;
    expect(inFirstTheme).toBe(6);
    expect(Buffer.from(row.contentKey, 'base64')).toHaveLength(32);
    const list = await admin.get('/api/admin/scheduled-exams');
    expect(list.json().data.map((e: { id: number }) => e.id)).toContain(exam.id);
  });

  it('refuses a start in the past, in Spanish and in English', async () => {
    const body = {
      title: 'Pasado',
      subject_id: bank.subject.id,
      starts_at: inMinutes(-1).toISOString(),
      duration_minutes: 60,
    };
    admin.language = 'es';
    const es = await admin.post('/api/admin/scheduled-exams', body);
    admin.language = 'en';
    const en = await admin.post('/api/admin/scheduled-exams', body);
    expect(es.statusCode).toBe(422);
    expect(es.json().errors.starts_at).toEqual(['El inicio debe ser un momento futuro.']);
    expect(en.json().errors.starts_at).toEqual(['The start must be a moment in the future.']);
    const lateJoin = await admin.post('/api/admin/scheduled-exams', {
      ...body,
      starts_at: inMinutes(60).toISOString(),
      duration_minutes: 20,
      late_join_minutes: 20,
    });
    expect(lateJoin.json().errors.late_join_minutes).toEqual([
      'Late joining must end before the ensayo’s time does.',
    ]);
    const unknown = await admin.post('/api/admin/scheduled-exams', {
      ...body,
      starts_at: inMinutes(60).toISOString(),
      subject_id: 2_000_000_000,
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['subject_id']);
  });

  it('requires the elective of a subject with electives and refuses one elsewhere', async () => {
    const ciencias = await createBank(t.db, {
      weights: [40, 30, 30],
      perTheme: 10,
      questionCount: 10,
      electives: 2,
    });
    const [common, biology, chemistry] = ciencias.themes;
    const body = {
      title: 'Ciencias',
      subject_id: ciencias.subject.id,
      starts_at: inMinutes(60).toISOString(),
      duration_minutes: 60,
    };
    const messages = async (payload: object) => {
      admin.language = 'es';
      const es = (await admin.post('/api/admin/scheduled-exams', payload)).json();
      admin.language = 'en';
      const en = (await admin.post('/api/admin/scheduled-exams', payload)).json();
      return [es.errors?.elective_theme_id?.[0], en.errors?.elective_theme_id?.[0]];
    };
    expect(await messages(body)).toEqual([
      'Esta asignatura tiene módulos electivos: elige el que tendrá el ensayo.',
      'This subject has elective modules: choose the one the ensayo will have.',
    ]);
    expect(await messages({ ...body, elective_theme_id: common!.id })).toEqual([
      'Ese módulo electivo no es de esta asignatura.',
      'That elective module is not one of this subject’s.',
    ]);
    expect(
      await messages({ ...body, subject_id: bank.subject.id, elective_theme_id: biology!.id }),
    ).toEqual([
      'Esta asignatura no tiene módulos electivos: déjalo vacío.',
      'This subject has no elective modules: leave it empty.',
    ]);
    const exam = await schedule(admin, ciencias.subject.id, { elective_theme_id: biology!.id });
    expect(exam.elective_theme_id).toBe(biology!.id);
    const row = await examRow(exam.id);
    expect(row.form.some((q) => q.theme_id === chemistry!.id)).toBe(false);
    expect(row.form.some((q) => q.theme_id === biology!.id)).toBe(true);
  });

  it('keeps the back office to administrators', async () => {
    const { client } = await signedIn(t, { subjectId: bank.subject.id });
    expect((await client.get('/api/admin/scheduled-exams')).statusCode).toBe(403);
  });
});

describe('cancelling', () => {
  it('cancels before the start, with its prepared attempts, and refuses after', async () => {
    const exam = await schedule(admin, bank.subject.id);
    const { client } = await signedIn(t, { subjectId: bank.subject.id });
    await moveStart(t.db, exam.id, inMinutes(1));
    const joined = (await joinOf(client, exam.id)).json().data as ScheduledExam;
    // Within the last 2 minutes a join prepares the attempt at once.
    expect(joined.user_test_id).not.toBeNull();

    const cancelled = await admin.request({
      method: 'DELETE',
      url: `/api/admin/scheduled-exams/${exam.id}`,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.state).toBe('cancelled');
    expect(
      await t.db.select().from(userTests).where(eq(userTests.id, joined.user_test_id!)),
    ).toEqual([]);
    const list = (await client.get('/api/scheduled-exams')).json().data as ScheduledExam[];
    expect(list.map((e) => e.id)).not.toContain(exam.id);
    expect((await client.get(`/api/scheduled-exams/${exam.id}`)).json().data.state).toBe(
      'cancelled',
    );
    expect((await keyOf(client, exam.id)).statusCode).toBe(409);
    await moveStart(t.db, exam.id, inMinutes(-1));
    await prepareScheduledAttempts(t.db, new Date());
    expect(
      await t.db.select().from(userTests).where(eq(userTests.scheduledExamId, exam.id)),
    ).toEqual([]);

    const started = await schedule(admin, bank.subject.id);
    await moveStart(t.db, started.id, inMinutes(-1));
    admin.language = 'es';
    const refused = await admin.request({
      method: 'DELETE',
      url: `/api/admin/scheduled-exams/${started.id}`,
    });
    admin.language = 'en';
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Este ensayo ya comenzó y no se puede cancelar.');
  });
});

describe('joining', () => {
  it('opens 15 minutes before, twice is once, and closes after the late minutes', async () => {
    const exam = await schedule(admin, bank.subject.id, { starts_at: inMinutes(30).toISOString() });
    const { client, user } = await signedIn(t, { subjectId: bank.subject.id });
    const early = await joinOf(client, exam.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'The waiting room of this ensayo is not open yet: it opens 15 minutes before the start.',
    );
    await moveStart(t.db, exam.id, inMinutes(10));
    const first = await joinOf(client, exam.id);
    expect(first.statusCode, first.body).toBe(200);
    const view = first.json().data as ScheduledExam;
    expect(view).toMatchObject({ joined: true, state: 'waiting_room', user_test_id: null });
    expect(new Date(view.join_opens_at).getTime()).toBe(
      new Date(view.starts_at).getTime() - 15 * MINUTE,
    );
    expect((await joinOf(client, exam.id)).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(scheduledExamParticipants)
      .where(eq(scheduledExamParticipants.scheduledExamId, exam.id));
    expect(rows.map((row) => row.userId)).toEqual([user.id]);

    await moveStart(t.db, exam.id, inMinutes(-31));
    const other = await signedIn(t, { subjectId: bank.subject.id, language: 'es' });
    const late = await joinOf(other.client, exam.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Ya no es posible unirse a este ensayo.');
    // Who joined in time may join again (the page retries): nothing changes.
    expect((await joinOf(client, exam.id)).statusCode).toBe(200);
  });

  it('lists the ensayos of the student’s subjects with their state, soonest first', async () => {
    const own = await createBank(t.db, { perTheme: 10, questionCount: 10 });
    const later = await schedule(admin, own.subject.id, { starts_at: inMinutes(90).toISOString() });
    const sooner = await schedule(admin, own.subject.id);
    const { client } = await signedIn(t, { subjectId: own.subject.id });
    const list = (await client.get('/api/scheduled-exams')).json().data as ScheduledExam[];
    expect(list.map((exam) => exam.id)).toEqual([sooner.id, later.id]);
    expect(list.map((exam) => exam.state)).toEqual(['waiting_room', 'upcoming']);
    expect(list[0]).toMatchObject({
      subject_name: own.subject.name,
      question_count: 10,
      title: 'Ensayo nacional',
      title_en: 'National mock exam',
    });
    // Ended more than 7 days ago: gone from the list.
    await moveStart(t.db, sooner.id, new Date(Date.now() - 8 * 24 * 60 * MINUTE));
    const after = (await client.get('/api/scheduled-exams')).json().data as ScheduledExam[];
    expect(after.map((exam) => exam.id)).toEqual([later.id]);
  });
});

describe('the sealed form and the key', () => {
  it('refuses the key before the start, and nothing of the form is readable', async () => {
    const exam = await schedule(admin, bank.subject.id);
    const { client } = await signedIn(t, { subjectId: bank.subject.id, language: 'es' });
    expect((await joinOf(client, exam.id)).statusCode).toBe(200);
    await moveStart(t.db, exam.id, inMinutes(1));
    expect(await prepareScheduledAttempts(t.db, new Date())).toBeGreaterThanOrEqual(1);
    const view = (await client.get(`/api/scheduled-exams/${exam.id}`)).json().data;
    expect(view.user_test_id).not.toBeNull();

    const key = await keyOf(client, exam.id);
    expect(key.statusCode).toBe(409);
    expect(key.json()).toEqual({
      message:
        'Este ensayo aún no comienza: sus preguntas se abren al inicio, para todos a la vez.',
    });
    expect((await client.get(`/api/scheduled-exams/${exam.id}/content`)).statusCode).toBe(409);
    const attemptId = view.user_test_id as number;
    const attempt = (await client.get(`/api/user-tests/${attemptId}`)).json().data;
    expect(attempt).toMatchObject({ status: 'in_progress', content_url: null, mode: 'mock_exam' });
    expect(attempt.questions[0].statement_html).toBeUndefined();
    const stemId = attempt.questions[0].stem_id;
    const save = await client.post(`/api/user-tests/${attemptId}/stems`, {
      stems: [{ stem_id: stemId, stem_choice_ids: [], is_marked: true, seq: Date.now() }],
    });
    expect(save.statusCode).toBe(409);
    expect((await client.post(`/api/user-tests/${attemptId}/begin`)).statusCode).toBe(409);
    expect((await client.post(`/api/user-tests/${attemptId}/submit`)).statusCode).toBe(409);
    // Leaving the page before the start marks nothing that would send it.
    await client.post(`/api/user-tests/${attemptId}/leave`);
    expect((await attemptRow(attemptId)).leaveRequestedAt).toBeNull();
    // The sealed form is readable (encrypted), as the waiting room downloads it.
    expect((await client.get(`/api/scheduled-exams/${exam.id}/sealed`)).statusCode).toBe(200);
  });

  it('opens the sealed form with the key to exactly the content body, the same for all', async () => {
    const exam = await schedule(admin, bank.subject.id);
    const first = await signedIn(t, { subjectId: bank.subject.id });
    const second = await signedIn(t, { subjectId: bank.subject.id });
    const outsider = await signedIn(t, { subjectId: bank.subject.id });
    for (const { client } of [first, second]) await joinOf(client, exam.id);
    const sealed = await first.client.get(`/api/scheduled-exams/${exam.id}/sealed`);
    expect(sealed.statusCode, sealed.body).toBe(200);
    expect(sealed.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(sealed.body).toBe(
      (await second.client.get(`/api/scheduled-exams/${exam.id}/sealed`)).body,
    );
    const notJoined = await outsider.client.get(`/api/scheduled-exams/${exam.id}/sealed`);
    expect(notJoined.statusCode).toBe(403);
    const copy = sealed.json().data;
    expect(copy).toMatchObject({ algorithm: 'AES-GCM' });
    expect(Buffer.from(copy.iv, 'base64')).toHaveLength(12);
    expect(sealed.body).not.toContain('Pregunta');

    await moveStart(t.db, exam.id, inMinutes(-1));
    const key = await keyOf(first.client, exam.id);
    expect(key.statusCode, key.body).toBe(200);
    const opened = key.json().data as ScheduledExamKey;
    expect(opened).toMatchObject({
      version: copy.version,
      content_url: `/api/scheduled-exams/${exam.id}/content`,
    });
    const content = await first.client.get(opened.content_url);
    expect(content.statusCode, content.body).toBe(200);
    const plaintext = unseal(copy, opened.key);
    expect(plaintext).toBe(JSON.stringify(content.json().data));
    const form = (await examRow(exam.id)).stemIds;
    expect(JSON.parse(plaintext).questions.map((q: { stem_id: number }) => q.stem_id)).toEqual(
      [...form].sort((a, b) => a - b),
    );
    // The attempt names the same content, and takes answers now.
    const attempt = (await first.client.get(`/api/user-tests/${opened.user_test_id}`)).json().data;
    expect(attempt.content_url).toBe(opened.content_url);
    expect(attempt.begun_at).toBe(opened.begun_at);
    const question = attempt.questions[0];
    const save = await first.client.post(`/api/user-tests/${opened.user_test_id}/stems`, {
      stems: [
        {
          stem_id: question.stem_id,
          stem_choice_ids: [question.choices[0].id],
          is_marked: false,
          seq: Date.now(),
        },
      ],
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json().data.saved[0].applied).toBe(true);

    // An edit of the form gives a new version, sealed under a new IV with the same key.
    await t.db
      .update(stems)
      .set({ statementHtml: '<p>Corregida</p>' })
      .where(eq(stems.id, form[0]!));
    const resealed = (await first.client.get(`/api/scheduled-exams/${exam.id}/sealed`)).json().data;
    expect(resealed.version).not.toBe(copy.version);
    expect(resealed.iv).not.toBe(copy.iv);
    expect(unseal(resealed, opened.key)).toContain('Corregida');
    expect((await keyOf(first.client, exam.id)).json().data.version).toBe(resealed.version);
  });
});

describe('the attempts', () => {
  it('prepares every participant’s attempt in batches, with the form’s order', async () => {
    const exam = await schedule(admin, bank.subject.id);
    const students = await Promise.all(
      [0, 0, 25, 0, 0].map((extra) =>
        signedIn(t, { subjectId: bank.subject.id, extraTimePercent: extra }),
      ),
    );
    for (const { client } of students) expect((await joinOf(client, exam.id)).statusCode).toBe(200);
    // Extra time granted after the join counts too.
    await setExtraTime(t.db, students[4]!.user.id, 50);
    await moveStart(t.db, exam.id, inMinutes(1.5));
    expect(await prepareScheduledAttempts(t.db, new Date(), 2)).toBeGreaterThanOrEqual(5);
    await prepareScheduledAttempts(t.db, new Date(), 2);
    const row = await examRow(exam.id);
    const attempts = await t.db
      .select()
      .from(userTests)
      .where(eq(userTests.scheduledExamId, exam.id));
    expect(attempts).toHaveLength(5);
    const participants = await t.db
      .select()
      .from(scheduledExamParticipants)
      .where(eq(scheduledExamParticipants.scheduledExamId, exam.id));
    expect(new Set(participants.map((p) => p.userTestId))).toEqual(
      new Set(attempts.map((a) => a.id)),
    );
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({
        mode: 'mock_exam',
        type: 'official',
        status: 'in_progress',
        totalTestStems: 10,
      });
      expect(attempt.begunAt).toEqual(row.startsAt);
      const questions = await t.db
        .select()
        .from(userTestStems)
        .where(eq(userTestStems.userTestId, attempt.id))
        .orderBy(asc(userTestStems.position));
      expect(
        questions.map((q) => ({
          position: q.position,
          stem_id: q.stemId,
          theme_id: q.themeId,
          choice_order: q.choiceOrder,
          is_pilot: q.isPilot,
        })),
      ).toEqual(row.form);
    }
    // Everyone's clock: the start plus 60 minutes; 25 % extra time: 75; 50 %: 90.
    const extra = new Map([
      [students[2]!.user.id, 75],
      [students[4]!.user.id, 90],
    ]);
    for (const attempt of attempts) {
      const minutes = extra.get(attempt.userId) ?? 60;
      expect(attempt.deadlineAt!.getTime() - row.startsAt.getTime()).toBe(minutes * MINUTE);
      expect(attempt.configuration).toMatchObject({ scheduled_exam_id: exam.id });
    }
    const view = (await students[0]!.client.get(`/api/scheduled-exams/${exam.id}`)).json().data;
    // The last clock (90 minutes) and the grace end the ensayo.
    expect(new Date(view.ends_at).getTime() - row.startsAt.getTime()).toBe(92 * MINUTE);
    expect(view.participant_count).toBe(5);
  });

  it('gives a late joiner everyone’s deadline, extended by their extra time', async () => {
    const exam = await schedule(admin, bank.subject.id);
    await moveStart(t.db, exam.id, inMinutes(-10));
    const { client, user } = await signedIn(t, { subjectId: bank.subject.id });
    const late = (await joinOf(client, exam.id)).json().data as ScheduledExam;
    expect(late).toMatchObject({ joined: true, state: 'live' });
    expect(late.user_test_id).not.toBeNull();
    const key = (await keyOf(client, exam.id)).json().data as ScheduledExamKey;
    expect(key.user_test_id).toBe(late.user_test_id);
    expect(key.begun_at).toBe(late.starts_at);
    expect(new Date(key.deadline_at).getTime()).toBe(
      new Date(late.starts_at).getTime() + 60 * MINUTE,
    );

    const slower = await signedIn(t, { subjectId: bank.subject.id, extraTimePercent: 50 });
    await joinOf(slower.client, exam.id);
    const slowKey = (await keyOf(slower.client, exam.id)).json().data as ScheduledExamKey;
    expect(new Date(slowKey.deadline_at).getTime()).toBe(
      new Date(late.starts_at).getTime() + 90 * MINUTE,
    );
    // The student's clock on the attempt agrees.
    const attempt = (await slower.client.get(`/api/user-tests/${slowKey.user_test_id}`)).json()
      .data;
    expect(attempt).toMatchObject({ seconds: 5400, deadline_at: slowKey.deadline_at });
    expect(user.id).toBeGreaterThan(0);
  });

  it('is never sent by leaving the page: everyone’s clock runs on and the student comes back', async () => {
    const exam = await schedule(admin, bank.subject.id);
    await moveStart(t.db, exam.id, inMinutes(-5));
    const { client } = await signedIn(t, { subjectId: bank.subject.id });
    await joinOf(client, exam.id);
    const key = (await keyOf(client, exam.id)).json().data as ScheduledExamKey;
    // A reload offline: the page's leave may reach the server while its next read does not.
    expect((await client.post(`/api/user-tests/${key.user_test_id}/leave`)).statusCode).toBe(202);
    expect((await attemptRow(key.user_test_id)).leaveRequestedAt).toBeNull();
  });

  it('blocks no other test and shows in progress only from its start', async () => {
    const exam = await schedule(admin, bank.subject.id);
    const { client } = await signedIn(t, { subjectId: bank.subject.id });
    await joinOf(client, exam.id);
    const practice = await client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'practice',
      selection: { value: 1 },
    });
    expect(practice.statusCode, practice.body).toBe(201);
    await moveStart(t.db, exam.id, inMinutes(1));
    await prepareScheduledAttempts(t.db, new Date());
    const scheduled = (await client.get(`/api/scheduled-exams/${exam.id}`)).json().data;
    expect(scheduled.user_test_id).not.toBeNull();
    const running = async () =>
      ((await client.get('/api/user-tests/in-progress')).json().data as Array<{ id: number }>).map(
        (attempt) => attempt.id,
      );
    expect(await running()).toEqual([practice.json().data.id]);
    // Another start in the subject replaces nothing of the ensayo.
    const mock = await client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'mock_exam',
      replace_in_progress: true,
    });
    expect(mock.statusCode, mock.body).toBe(201);
    expect((await attemptRow(scheduled.user_test_id)).status).toBe('in_progress');
    await moveStart(t.db, exam.id, inMinutes(-1));
    expect((await running()).sort()).toEqual([mock.json().data.id, scheduled.user_test_id].sort());
  });

  it('keeps a student’s attempt private from another student', async () => {
    const exam = await schedule(admin, bank.subject.id);
    await moveStart(t.db, exam.id, inMinutes(-1));
    const owner = await signedIn(t, { subjectId: bank.subject.id });
    const other = await signedIn(t, { subjectId: bank.subject.id });
    await joinOf(owner.client, exam.id);
    const key = (await keyOf(owner.client, exam.id)).json().data as ScheduledExamKey;
    expect((await other.client.get(`/api/user-tests/${key.user_test_id}`)).statusCode).toBe(404);
    // Not joined: neither the key nor the content.
    expect((await keyOf(other.client, exam.id)).statusCode).toBe(403);
    expect((await other.client.get(key.content_url)).statusCode).toBe(403);
  });

  it('shows nothing to a student without access to the subject', async () => {
    const exam = await schedule(admin, bank.subject.id);
    const { client } = await signedIn(t);
    expect((await client.get('/api/scheduled-exams')).json().data).toEqual([]);
    for (const response of [
      await client.get(`/api/scheduled-exams/${exam.id}`),
      await joinOf(client, exam.id),
      await client.get(`/api/scheduled-exams/${exam.id}/sealed`),
      await keyOf(client, exam.id),
      await client.get(`/api/scheduled-exams/${exam.id}/content`),
      await client.get(`/api/scheduled-exams/${exam.id}/results`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect(
      await t.db
        .select()
        .from(scheduledExamParticipants)
        .where(eq(scheduledExamParticipants.scheduledExamId, exam.id)),
    ).toEqual([]);
  });
});

describe('the grace after the deadline', () => {
  /** A participant of a started ensayo, with their attempt's first two questions. */
  async function sitting(examId: number) {
    const { client } = await signedIn(t, { subjectId: bank.subject.id });
    await joinOf(client, examId);
    const key = (await keyOf(client, examId)).json().data as ScheduledExamKey;
    const attempt = (await client.get(`/api/user-tests/${key.user_test_id}`)).json().data;
    return { client, id: key.user_test_id, questions: attempt.questions };
  }

  const record = (question: { stem_id: number; choices: Array<{ id: number }> }, seq: number) => ({
    stem_id: question.stem_id,
    stem_choice_ids: [question.choices[0]!.id],
    is_marked: false,
    seq,
  });

  it('takes answers recorded before the deadline, refuses later ones, and sends after it', async () => {
    const exam = await schedule(admin, bank.subject.id);
    await moveStart(t.db, exam.id, inMinutes(-1));
    const a = await sitting(exam.id);
    const b = await sitting(exam.id);
    // The deadline was 30 seconds ago: within the 2 minutes of grace.
    await moveStart(t.db, exam.id, new Date(Date.now() - 60 * MINUTE - 30_000));
    const deadline = (await attemptRow(a.id)).deadlineAt!.getTime();

    const offline = await a.client.post(`/api/user-tests/${a.id}/stems`, {
      stems: [record(a.questions[0], deadline - 5_000), record(a.questions[1], deadline + 60_000)],
    });
    expect(offline.statusCode, offline.body).toBe(200);
    expect(offline.json().data.saved).toEqual([
      { stem_id: a.questions[0].stem_id, seq: deadline - 5_000, applied: true },
      { stem_id: a.questions[1].stem_id, seq: deadline + 60_000, applied: false },
    ]);
    const tooLate = await a.client.post(`/api/user-tests/${a.id}/stems`, {
      stems: [record(a.questions[1], deadline + 60_000)],
    });
    expect(tooLate.statusCode).toBe(409);
    // Reading the attempt during the grace does not send it.
    expect((await a.client.get(`/api/user-tests/${a.id}`)).json().data.status).toBe('in_progress');

    // The student's own submit within the grace is taken (ended by time, at the deadline).
    const sent = await b.client.post(`/api/user-tests/${b.id}/submit`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ ended_by: 'time' });
    expect(new Date(sent.json().data.end).getTime()).toBe(deadline);

    // The sweeper waits for the grace, then sends it with the answer given in time.
    await sweepDueAttempts(t.db, new Date(), 30);
    expect((await attemptRow(a.id)).status).toBe('in_progress');
    await sweepDueAttempts(t.db, new Date(Date.now() + 2 * MINUTE), 30);
    const swept = await attemptRow(a.id);
    expect(swept).toMatchObject({ status: 'submitted', endedBy: 'time' });
    expect(swept.submittedAt!.getTime()).toBe(deadline);
    const [answer] = await t.db
      .select()
      .from(userTestStems)
      .where(
        and(eq(userTestStems.userTestId, a.id), eq(userTestStems.stemId, a.questions[0].stem_id)),
      );
    expect(answer!.chosenChoiceIds).toEqual([a.questions[0].choices[0].id]);
  });

  it('refuses every answer after the grace and sends the attempt', async () => {
    const exam = await schedule(admin, bank.subject.id);
    await moveStart(t.db, exam.id, inMinutes(-1));
    const a = await sitting(exam.id);
    await moveStart(t.db, exam.id, new Date(Date.now() - 63 * MINUTE));
    const deadline = (await attemptRow(a.id)).deadlineAt!.getTime();
    const save = await a.client.post(`/api/user-tests/${a.id}/stems`, {
      stems: [record(a.questions[0], deadline - 60_000)],
    });
    expect(save.statusCode).toBe(409);
    expect((await attemptRow(a.id)).status).toBe('submitted');
  });
});
