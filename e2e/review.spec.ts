import { expect, test, type Page } from '@playwright/test';
import { csrfHeaders } from './support/students.ts';
import { logIn } from './support/session.ts';
import { sendTest } from './support/runner.ts';

// Spaced review: questions answered wrong enter the FSRS queue, due at once; the
// dashboard and the subject card say how many to review today; the review session (a wrong-answers
// test of what is due) rates and reschedules them, so nothing is due afterwards. The debug user
// (who sees the keys, to answer wrong on purpose) in Historia y Ciencias Sociales, which no other
// spec uses for this user.

const SUBJECT = 'Historia y Ciencias Sociales';
const takeScreenshots = process.env.SCREENSHOTS === '1';

type Started = {
  id: number;
  questions: { stem_id: number; choices: { id: number; is_correct?: boolean }[] }[];
};

async function subjectId(page: Page): Promise<number> {
  const response = await page.request.get('/api/subjects');
  const body = (await response.json()) as {
    data: { subjects: { id: number; name: string }[] }[];
  };
  const card = body.data
    .flatMap((test) => test.subjects)
    .find((subject) => subject.name === SUBJECT);
  if (!card) throw new Error(`No subject ${SUBJECT}`);
  return card.id;
}

async function dueIn(page: Page, subject: number): Promise<{ due: number; queued: number }> {
  const response = await page.request.get('/api/review/due');
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as {
    data: { subjects: { subject_id: number; due: number; queued: number }[] };
  };
  return body.data.subjects.find((row) => row.subject_id === subject) ?? { due: 0, queued: 0 };
}

/** A practice of 3 questions answered wrong (the debug user sees the keys), sent. */
async function answerThreeWrong(page: Page, subject: number) {
  const headers = await csrfHeaders(page.request, page);
  const started = await page.request.post('/api/user-tests', {
    headers,
    data: {
      subject_id: subject,
      mode: 'practice',
      selection: { value: 2, limit: 3 },
      random_question: false,
      random_answer: false,
      replace_in_progress: true,
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const attempt = ((await started.json()) as { data: Started }).data;
  const stems = attempt.questions.map((question, index) => ({
    stem_id: question.stem_id,
    stem_choice_ids: [question.choices.find((choice) => choice.is_correct === false)!.id],
    is_marked: false,
    seq: index + 1,
  }));
  const saved = await page.request.post(`/api/user-tests/${attempt.id}/stems`, {
    headers,
    data: { stems },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const sent = await page.request.post(`/api/user-tests/${attempt.id}/submit`, { headers });
  expect(sent.ok(), await sent.text()).toBe(true);
  return attempt.questions.map((question) => question.stem_id);
}

test('wrong answers come back in a review session that reschedules them', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, 'debug@ensaya.cl', { settle: true });
  const subject = await subjectId(page);
  // A previous run's cards (a reused database) are not due today: start from what is there.
  const before = await dueIn(page, subject);
  const wrong = await answerThreeWrong(page, subject);
  const after = await dueIn(page, subject);
  expect(after.due).toBe(before.due + wrong.length);
  const due = after.due;

  // The dashboard says so, and offers the subject's review.
  await page.goto('/dashboard');
  // One "Repasar hoy" card: the total and a link per subject.
  const queue = page.getByRole('region', { name: 'Repasar hoy' });
  const subjectLink = queue.getByRole('link', {
    name: new RegExp(`^${SUBJECT}: ${due} preguntas`),
  });
  await expect(subjectLink).toBeVisible();
  await expect(queue.getByText(/preguntas? para repasar hoy$/)).toBeVisible();
  if (takeScreenshots) {
    await queue.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'docs/screenshots/review-queue.png' });
  }

  // So does the subject card.
  await page.goto('/materias');
  const card = page.getByRole('article', { name: SUBJECT, exact: true });
  await expect(card.getByText(`${due} preguntas para repasar hoy`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Repasar hoy' })).toBeVisible();

  // The review session, from the dashboard: the questions due, each answered from its key.
  await page.goto('/dashboard');
  const started = page.waitForResponse(
    (r) => r.url().endsWith('/api/user-tests') && r.request().method() === 'POST',
  );
  await subjectLink.click();
  const response = await started;
  expect(response.status(), await response.text()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({
    mode: 'wrong_answers',
    wrong_source: 'review',
  });
  const session = ((await response.json()) as { data: Started }).data;
  expect(session.questions.length).toBe(Math.min(due, 20));
  for (const stemId of wrong) {
    expect(session.questions.map((question) => question.stem_id)).toContain(stemId);
  }
  await expect(page).toHaveURL(new RegExp(`/revision\\?id=${session.id}$`));
  const instructions = page.getByRole('dialog', { name: 'Instrucciones' });
  await instructions.getByRole('button', { name: 'Continuar' }).click();
  await expect(instructions).toBeHidden();
  // Named as the spaced review, not as the wrong-answers drill.
  await expect(page.getByRole('heading', { name: 'Repaso espaciado' })).toBeVisible();

  // Answered right through the API (the runner's own suite covers clicking), sent from the page.
  const headers = await csrfHeaders(page.request, page);
  const saved = await page.request.post(`/api/user-tests/${session.id}/stems`, {
    headers,
    data: {
      stems: session.questions.map((question, index) => ({
        stem_id: question.stem_id,
        stem_choice_ids: question.choices
          .filter((choice) => choice.is_correct)
          .map((choice) => choice.id),
        is_marked: false,
        seq: 100 + index,
      })),
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.reload();
  await sendTest(page);

  // Rated and rescheduled: nothing of it is due today any more, and it stays queued.
  const rescheduled = await dueIn(page, subject);
  expect(rescheduled.due).toBe(due - session.questions.length);
  expect(rescheduled.queued).toBe(after.queued);
  await page.goto('/materias');
  await expect(card.getByRole('button', { name: 'Rendir pruebas' })).toBeVisible();
  if (rescheduled.due === 0) {
    await expect(card.getByText(/para repasar hoy/)).toHaveCount(0);
  }
});
