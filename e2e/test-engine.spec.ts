import { expect, test, type Locator, type Page } from '@playwright/test';
import { logIn } from './support/session.ts';
import { openTestSetup, sendTest } from './support/runner.ts';

// The test engine as students use it (spec 001, sections 2, 4 and 5): practice tests in the four
// ways to choose questions with every switch, a class B mock exam scored by hand from the keys a
// debug user sees, a reload mid-exam that keeps every answer, a timer that runs out, and a student
// without a subscription who cannot start. Each test works on its own subject or account: a
// subject holds one attempt in progress per student.

async function continueInstructions(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Instrucciones' });
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog).toBeHidden();
}

const statusRows = (page: Page) => page.locator('.palette__grid li');
/** A number of the question palette; its name says whether it is answered and marked. */
const paletteItem = (page: Page, n: number) =>
  page.getByRole('button', { name: new RegExp(`^Ir a la pregunta ${n}: `) });
const isAnswered = async (page: Page, n: number) =>
  expect(paletteItem(page, n)).toHaveAccessibleName(
    new RegExp(`^Ir a la pregunta ${n}: respondida`),
  );
const isUnanswered = async (page: Page, n: number) =>
  expect(paletteItem(page, n)).toHaveAccessibleName(
    new RegExp(`^Ir a la pregunta ${n}: sin responder`),
  );
const isMarked = async (page: Page, n: number) =>
  expect(paletteItem(page, n)).toHaveAccessibleName(/ y marcada$/);
const isNotMarked = async (page: Page, n: number) =>
  expect(paletteItem(page, n)).not.toHaveAccessibleName(/marcada$/);
const heading = (page: Page, n: number, total: number) =>
  page.getByRole('heading', { name: `Pregunta ${n} de ${total}` });

/** Starts the practice set up on the page and returns the attempt the server created. */
async function startPractice(page: Page) {
  const response = page.waitForResponse(
    (r) => r.url().endsWith('/api/user-tests') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Comenzar', exact: true }).click();
  const started = await response;
  expect(started.status()).toBe(201);
  const body = (await started.json()) as {
    data: {
      id: number;
      questions: unknown[];
      random_question: boolean;
      random_answer: boolean;
      study_mode: boolean;
      seconds: number | null;
      started_at: string;
    };
  };
  await expect(page).toHaveURL(new RegExp(`/test\\?id=${body.data.id}$`));
  await continueInstructions(page);
  return { request: started.request().postDataJSON() as Record<string, unknown>, ...body.data };
}

/** Finish, confirm, and read the result page's fact `label`. */
async function finish(page: Page) {
  await sendTest(page);
  await expect(page.getByRole('heading', { name: 'Resultado' })).toBeVisible();
}

function fact(page: Page, label: string): Locator {
  return page
    .locator('.result__fact')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
}

async function backToDashboard(page: Page) {
  await page.getByRole('button', { name: 'Finalizar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Picks choice `label` (A, B, …) of the question on screen. */
async function choose(page: Page, label: string) {
  await page
    .locator('.question__choices')
    .getByRole('radio', { name: new RegExp(`^${label}\\)`) })
    .check();
}

test.describe('test engine', () => {
  test('practice tests in the four ways to choose questions, with every switch', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await logIn(page, 'estudiante@ensaya.cl');

    // 1. All questions, with random answers.
    await openTestSetup(page, 'Competencia Lectora');
    const bank = Number(
      (await page.locator('.setup-mode__hint').first().textContent())?.match(/\d+/)?.[0],
    );
    await page.getByRole('switch', { name: 'Respuestas aleatorias' }).click();
    const all = await startPractice(page);
    expect(all.request).toMatchObject({ mode: 'practice', selection: { value: 1 } });
    expect(all.random_answer).toBe(true);
    expect(all.questions).toHaveLength(bank);
    await expect(statusRows(page)).toHaveCount(bank);
    await expect(page.getByText('Sin límite de tiempo')).toBeVisible();
    // Reading questions come with their text, which can be hidden and shown again.
    const contextToggle = page.getByRole('button', { name: 'Ocultar contexto' });
    if (await contextToggle.isVisible()) {
      await contextToggle.click();
      await expect(page.getByRole('button', { name: 'Mostrar contexto' })).toBeVisible();
    }
    await finish(page);
    await expect(fact(page, 'Preguntas')).toHaveText(String(bank));
    await expect(fact(page, 'Omitidas')).toHaveText(String(bank));
    // A practice shows its percentage and its 50 % line, never a score of 0.
    await expect(page.getByText('Todavía no llegas al 50 %')).toBeVisible();
    await backToDashboard(page);

    // 2. A count, with random questions.
    await openTestSetup(page, 'Competencia Lectora');
    await page.getByRole('radio', { name: 'Cantidad de preguntas' }).check();
    await page.getByRole('spinbutton', { name: 'Número de preguntas' }).fill('4');
    await page.getByRole('switch', { name: 'Preguntas aleatorias' }).click();
    const count = await startPractice(page);
    expect(count.request).toMatchObject({
      selection: { value: 2, limit: 4 },
      random_question: true,
    });
    expect(count.random_question).toBe(true);
    await expect(statusRows(page)).toHaveCount(4);
    await choose(page, 'A');
    await isAnswered(page, 1);
    await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
    await expect(heading(page, 2, 4)).toBeVisible();
    await finish(page);
    await expect(fact(page, 'Preguntas')).toHaveText('4');
    await expect(fact(page, 'Omitidas')).toHaveText('3');
    await backToDashboard(page);

    // 3. A range of bank numbers, in study mode: the explanation shows once answered.
    await openTestSetup(page, 'Competencia Lectora');
    await page.getByRole('radio', { name: 'Rango de preguntas' }).check();
    await page.getByRole('spinbutton', { name: 'Desde' }).fill('1');
    await page.getByRole('spinbutton', { name: 'Hasta' }).fill('3');
    await page.getByRole('switch', { name: 'Modo estudio' }).click();
    const range = await startPractice(page);
    expect(range.request).toMatchObject({
      selection: { value: 3, from: 1, to: 3 },
      study_mode: true,
    });
    await expect(statusRows(page)).toHaveCount(3);
    await expect(page.getByRole('region', { name: 'Explicación' })).toHaveCount(0);
    await choose(page, 'B');
    const explanation = page.getByRole('region', { name: 'Explicación' });
    await expect(explanation).toBeVisible();
    await expect(
      explanation.getByRole('heading', { name: /^(¡Correcta!|Incorrecta)$/ }),
    ).toBeVisible();
    await expect(
      page.locator('.question__choices').getByText('Correcta', { exact: true }),
    ).toHaveCount(1);
    await finish(page);
    await expect(fact(page, 'Preguntas')).toHaveText('3');
    await backToDashboard(page);

    // 4. By theme, with the timer.
    await openTestSetup(page, 'Competencia Lectora');
    await page.getByRole('radio', { name: 'Por tema' }).check();
    const firstTheme = page.locator('.setup-table tbody tr').first();
    await firstTheme.getByRole('checkbox').check();
    await firstTheme.getByRole('spinbutton').fill('2');
    await page.getByRole('switch', { name: 'Temporizador' }).click();
    await page.getByRole('spinbutton', { name: 'Horas' }).fill('0');
    await page.getByRole('spinbutton', { name: 'Minutos' }).fill('10');
    const byTheme = await startPractice(page);
    expect(byTheme.request).toMatchObject({
      selection: { value: 4, themes: [{ quantity: 2 }] },
      timer: { hours: 0, minutes: 10 },
    });
    expect(byTheme.seconds).toBe(600);
    await expect(statusRows(page)).toHaveCount(2);
    await expect(page.getByRole('timer', { name: 'Tiempo restante' })).toHaveText(
      /^00:(09:[0-5]\d|10:00)$/,
    );
    await finish(page);
    await expect(fact(page, 'Preguntas')).toHaveText('2');
    await backToDashboard(page);
  });

  test('a class B mock exam answered from the keys scores as computed by hand', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await logIn(page, 'debug@ensaya.cl');
    await openTestSetup(page, 'Examen teórico clase B');
    await page.getByRole('tab', { name: 'Rendir ensayo' }).click();
    const card = page.getByRole('region', { name: 'Examen teórico clase B' });
    // A description of the exam, not a wall of disabled controls.
    await expect(card.getByText(/^35 preguntas de todos los temas/)).toBeVisible();
    await expect(card.getByText(/^45 minutos con cronómetro/)).toBeVisible();
    await expect(card.getByRole('switch')).toHaveCount(0);
    await card.getByRole('button', { name: 'Comenzar ensayo' }).click();
    await expect(page).toHaveURL(/\/test\/ensayo\?id=\d+$/);
    await continueInstructions(page);
    await expect(statusRows(page)).toHaveCount(35);
    await expect(page.getByRole('timer', { name: 'Tiempo restante' })).toHaveText(
      /^00:(44:[0-5]\d|45:00)$/,
    );

    // The debug user sees each question's id and the correct choice; not the back-office link,
    // which is for administrators (a debug student is not one).
    // Questions 1 to 20 get their key, 21 to 30 a wrong choice, 31 to 35 nothing.
    for (let n = 1; n <= 30; n += 1) {
      await expect(heading(page, n, 35)).toBeVisible();
      await expect(page.locator('.question__debug')).toContainText(/ID \d+/);
      await expect(page.getByRole('link', { name: 'Ver en administración' })).toHaveCount(0);
      // Class B has single- and multiple-choice questions; a key's name ends in "Correcta".
      const area = page.locator('.question__choices');
      const keyName = /\) .* Correcta$/;
      const wrongName = /^[A-I]\) (?!.*Correcta$)/;
      const keys = area
        .getByRole('radio', { name: keyName })
        .or(area.getByRole('checkbox', { name: keyName }));
      await expect(keys.first()).toBeVisible();
      if (n <= 20) {
        for (const key of await keys.all()) await key.check();
      } else {
        // One wrong pick: incorrect for either kind (a multi-choice needs every key).
        await area
          .getByRole('radio', { name: wrongName })
          .or(area.getByRole('checkbox', { name: wrongName }))
          .first()
          .check();
      }
      await isAnswered(page, n);
      await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
    }
    await expect(page.getByText('30 de 35 respondidas')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Guardado' })).toBeVisible();

    await finish(page);
    await expect(fact(page, 'Preguntas')).toHaveText('35');
    await expect(fact(page, 'Correctas')).toHaveText('20');
    await expect(fact(page, 'Incorrectas')).toHaveText('10');
    await expect(fact(page, 'Omitidas')).toHaveText('5');
    // Class B: one point per correct answer and one more per correct special question; the grade
    // table maps points to the same grade; 33 to pass.
    const specialsText = await page.getByText(/^Preguntas especiales/).textContent();
    const specials = (specialsText?.split(':')[1] ?? '').split(',').map((s) => Number(s.trim()));
    expect(specials).toHaveLength(3);
    const expected = 20 + specials.filter((n) => n <= 20).length;
    await expect(page.locator('.result__score')).toHaveText(`${expected} de 38 puntos`);
    await expect(page.getByText('Reprobado')).toBeVisible();
    await expect(
      page.getByText(
        `Te faltaron ${33 - expected} puntos: obtuviste ${expected} y se aprueba con 33.`,
      ),
    ).toBeVisible();
    await expect(fact(page, 'Fecha')).toHaveText(
      new Date().toISOString().slice(0, 10).split('-').reverse().join('/'),
    );
    await backToDashboard(page);
  });

  test('a reload in the middle of a mock exam keeps every answer and mark', async ({ page }) => {
    test.setTimeout(120_000);
    await logIn(page, 'estudiante@ensaya.cl');
    await openTestSetup(page, 'Competencia Matemática M2');
    await page.getByRole('tab', { name: 'Rendir ensayo' }).click();
    await page.getByRole('button', { name: 'Comenzar ensayo' }).click();
    await expect(page).toHaveURL(/\/test\/ensayo\?id=\d+$/);
    await continueInstructions(page);
    // The questions load after Continue (the content is readable only once the clock runs).
    await expect(statusRows(page).first()).toBeVisible();
    const total = await statusRows(page).count();
    expect(total).toBeGreaterThan(10);
    await expect(page.getByRole('banner').getByRole('link')).toHaveCount(0);

    for (let n = 1; n <= 5; n += 1) {
      await choose(page, n % 2 === 0 ? 'B' : 'A');
      if (n === 3) await page.getByRole('checkbox', { name: 'Marcar para revisar' }).check();
      await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
    }
    // Reloaded at once: the last changes may still be on their way; none is lost, and the test
    // resumes on the question the student was on.
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Instrucciones' })).toHaveCount(0);
    await expect(heading(page, 6, total)).toBeVisible();
    for (let n = 1; n <= 5; n += 1) await isAnswered(page, n);
    await isUnanswered(page, 6);
    await isMarked(page, 3);
    await isNotMarked(page, 2);
    await paletteItem(page, 1).click();
    await expect(heading(page, 1, total)).toBeVisible();
    await expect(
      page.locator('.question__choices').getByRole('radio', { name: /^A\)/ }),
    ).toBeChecked();
    await paletteItem(page, 4).click();
    await expect(heading(page, 4, total)).toBeVisible();
    await expect(
      page.locator('.question__choices').getByRole('radio', { name: /^B\)/ }),
    ).toBeChecked();

    // And the server has them. Five questions of a PAES mock exam are unscored pilots the student
    // is not told about, so the result's "Omitidas" counts the scored ones only: the
    // sent attempt itself holds the five answers.
    const attemptId = Number(new URL(page.url()).searchParams.get('id'));
    await finish(page);
    const sent = (
      (await (await page.request.get(`/api/user-tests/${attemptId}`)).json()) as {
        data: { questions: { chosen_choice_ids: number[] }[] };
      }
    ).data;
    expect(sent.questions).toHaveLength(total);
    expect(sent.questions.filter((question) => question.chosen_choice_ids.length > 0)).toHaveLength(
      5,
    );
    const omitted = Number(await fact(page, 'Omitidas').textContent());
    expect(omitted).toBeGreaterThanOrEqual(total - 10);
    expect(omitted).toBeLessThanOrEqual(total - 5);
    await backToDashboard(page);
  });

  test('when the timer runs out the test is sent with the saved answers', async ({ page }) => {
    // A minute's timer run out, then the result: 72 s on a quiet machine.
    test.setTimeout(240_000);
    await logIn(page, 'estudiante@ensaya.cl');
    await openTestSetup(page, 'Ciencias');
    await page.getByRole('radio', { name: 'Cantidad de preguntas' }).check();
    await page.getByRole('spinbutton', { name: 'Número de preguntas' }).fill('5');
    await page.getByRole('switch', { name: 'Temporizador' }).click();
    await page.getByRole('spinbutton', { name: 'Horas' }).fill('0');
    await page.getByRole('spinbutton', { name: 'Minutos' }).fill('1');
    const began = page.waitForResponse(
      (r) => /\/api\/user-tests\/\d+\/begin$/.test(r.url()) && r.request().method() === 'POST',
    );
    const attempt = await startPractice(page);
    expect(attempt.seconds).toBe(60);
    // Time spent on the instructions does not count: the clock starts on "Continue" (the begin),
    // after the attempt was started, and runs its 60 s from there.
    const clock = (
      (await (await began).json()) as { data: { begun_at: string; deadline_at: string } }
    ).data;
    expect(Date.parse(clock.begun_at)).toBeGreaterThan(Date.parse(attempt.started_at));
    expect(Date.parse(clock.deadline_at) - Date.parse(clock.begun_at)).toBe(60_000);
    // 57 s or more left on the first look (a busy machine may take a second or two to render).
    await expect(page.getByRole('timer', { name: 'Tiempo restante' })).toHaveText(
      /^00:(01:00|00:5[7-9])$/,
    );

    await choose(page, 'A');
    await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
    await choose(page, 'B');
    await expect(page.getByRole('status').filter({ hasText: 'Guardado' })).toBeVisible();

    // Nobody presses finish: at the deadline the page sends the test and shows the result.
    await expect(page).toHaveURL(new RegExp(`/resultado\\?id=${attempt.id}$`), {
      timeout: 75_000,
    });
    await expect(
      page.getByText(
        'Se acabó el tiempo: la prueba se envió sola con las respuestas que alcanzaste a guardar.',
      ),
    ).toBeVisible();
    await expect(fact(page, 'Preguntas')).toHaveText('5');
    await expect(fact(page, 'Omitidas')).toHaveText('3');
    const correct = Number(await fact(page, 'Correctas').textContent());
    const incorrect = Number(await fact(page, 'Incorrectas').textContent());
    expect(correct + incorrect).toBe(2);
    await backToDashboard(page);
  });

  test('a student without a subscription sees the links to subscribe and cannot start', async ({
    page,
  }) => {
    await logIn(page, 'sinplan@ensaya.cl', { landing: /\/subscripcion\/paquete$/ });
    await page.goto('/materias');
    const card = page.getByRole('article', { name: 'Examen teórico clase B' });
    await expect(card.getByRole('link', { name: 'Ver paquetes' })).toHaveAttribute(
      'href',
      '/paquetes',
    );
    await expect(page.getByRole('button', { name: 'Rendir pruebas' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Ver historial' })).toBeDisabled();

    // The server refuses a start all the same.
    const subjectId = await page.evaluate(async () => {
      const response = await fetch('/api/subjects', { credentials: 'include' });
      const body = (await response.json()) as {
        data: Array<{ subjects: Array<{ id: number; name: string }> }>;
      };
      return body.data
        .flatMap((test) => test.subjects)
        .find((s) => s.name === 'Examen teórico clase B')!.id;
    });
    const status = await page.evaluate(async (id) => {
      const token = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.split('=')[1] ?? '',
      );
      const response = await fetch('/api/user-tests', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'x-xsrf-token': token },
        body: JSON.stringify({ subject_id: id, mode: 'mock_exam' }),
      });
      return response.status;
    }, subjectId);
    expect(status).toBe(403);

    // The same screen in English.
    await page.getByRole('button', { name: 'Cambiar idioma' }).click();
    await expect(card.getByRole('link', { name: 'See packages' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Subjects', level: 1 })).toBeVisible();
  });
});
