import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { startPaesTrial } from './support/paes-trial.ts';
import { csrfHeaders, registerVerifiedStudent } from './support/students.ts';
import { sendTest } from './support/runner.ts';

// The first hour, on the test page:
// study-mode feedback names the wrong pick and the key in words and icons, readable in high
// contrast; the paper tools (cross out an option, highlight a passage of a reading text) work with
// the keyboard, stay on reload, are the owner's only and show in the review; and the page is calm
// (the question first, one slim status line on a phone, the comment behind "Report a problem").
// Each test has a student of its own (a new PAES trial), so no other spec's attempt is touched.

const SHOTS = process.env.SCREENSHOTS === '1';

async function shoot(page: Page, name: string, fullPage = false) {
  if (!SHOTS) return;
  mkdirSync('docs/screenshots/first-hour', { recursive: true });
  await page.screenshot({ path: `docs/screenshots/first-hour/${name}.png`, fullPage });
}

type Subject = { id: number; name: string };

/** Subject ids by their Spanish name, read once (the names may be translated later on). */
const subjectIds = new Map<string, number>();

async function subjectNamed(page: Page, name: string): Promise<Subject> {
  const known = subjectIds.get(name);
  if (known !== undefined) return { id: known, name };
  const response = await page.request.get('/api/subjects');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: Array<{ subjects?: Subject[] } & Subject> };
  const all = body.data.flatMap((item) => item.subjects ?? [item]);
  const subject = all.find((item) => item.name === name);
  expect(subject, `subject ${name} in ${JSON.stringify(body.data).slice(0, 300)}`).toBeDefined();
  for (const item of all) subjectIds.set(item.name, item.id);
  return subject!;
}

/** Starts a practice as the setup page does (untimed, questions in bank order). */
async function startPractice(
  page: Page,
  subject: string,
  count: number,
  studyMode = false,
): Promise<number> {
  const { id: subjectId } = await subjectNamed(page, subject);
  const response = await page.request.post('/api/user-tests', {
    headers: await csrfHeaders(page.request, page),
    data: {
      subject_id: subjectId,
      mode: 'practice',
      selection: { value: 2, limit: count },
      random_question: false,
      random_answer: false,
      study_mode: studyMode,
      replace_in_progress: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

async function openTest(page: Page, id: number, lang: 'es' | 'en' = 'es') {
  await page.goto(`/test?id=${id}`);
  const instructions = page.getByRole('dialog', {
    name: lang === 'es' ? 'Instrucciones' : 'Instructions',
  });
  await instructions
    .getByRole('button', { name: lang === 'es' ? 'Continuar' : 'Continue' })
    .click();
  await expect(instructions).toBeHidden();
  await expect(
    page.getByRole('heading', { name: lang === 'es' ? /^Pregunta 1 de/ : /^Question 1 of/ }),
  ).toBeVisible();
}

async function newStudent(page: Page, prefix: string) {
  const email = await registerVerifiedStudent(page, prefix);
  await startPaesTrial(page, email);
  return email;
}

async function toEnglish(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Cambiar idioma' }).click();
  await expect(page.getByRole('button', { name: 'Change language' })).toBeVisible();
}

/** WCAG contrast of an element's text against the first opaque background behind it. */
async function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const parse = (value: string) => {
      const [r, g, b, a = 1] = (value.match(/[\d.]+/g) ?? []).map(Number);
      return { r: r!, g: g!, b: b!, a };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const channel = (v: number) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const text = parse(getComputedStyle(element).color);
    let node: Element | null = element;
    let background = { r: 255, g: 255, b: 255, a: 1 };
    while (node) {
      const color = parse(getComputedStyle(node).backgroundColor);
      if (color.a > 0.5) {
        background = color;
        break;
      }
      node = node.parentElement;
    }
    const [light, dark] = [luminance(text), luminance(background)].sort((x, y) => y - x);
    return (light! + 0.05) / (dark! + 0.05);
  });
}

/** The choice rows of the question on screen. */
const rows = (page: Page) => page.locator('.question__choice-row');

/**
 * Study mode: answers one question after another with a choice that is not the key, until a
 * question is revealed with a wrong pick (the key is known only once revealed, so a right pick
 * moves on). Returns the revealed question's number.
 */
async function answerWrongly(page: Page, lang: 'es' | 'en', total: number): Promise<void> {
  const next = lang === 'es' ? 'Siguiente' : 'Next';
  const yourAnswer = lang === 'es' ? 'Tu respuesta' : 'Your answer';
  for (let n = 1; n <= total; n++) {
    await rows(page).nth(1).locator('.choice__label').click();
    await expect(page.locator('.question__solution')).toBeVisible();
    if ((await page.locator('.question__choice--wrong').count()) > 0) {
      await expect(page.locator('.question__choice--wrong')).toContainText(yourAnswer);
      return;
    }
    await page.getByRole('button', { name: next, exact: true }).click();
  }
  throw new Error('every pick was right');
}

async function checkFeedback(page: Page, lang: 'es' | 'en') {
  const wrong = page.locator('.question__choice--wrong');
  const key = page.locator('.question__choice--key');
  await expect(wrong).toHaveCount(1);
  await expect(key).toHaveCount(1);
  await expect(wrong.locator('.feedback-tag')).toHaveText(
    lang === 'es' ? 'Tu respuesta' : 'Your answer',
  );
  await expect(key.locator('.feedback-tag')).toHaveText(lang === 'es' ? 'Correcta' : 'Correct');
  // An icon as well as the word and the colour.
  await expect(wrong.locator('.feedback-tag svg')).toHaveCount(1);
  await expect(key.locator('.feedback-tag svg')).toHaveCount(1);
  // Not the pale grey of a disabled choice: every text reads at 4.5:1 or better.
  for (const locator of [
    wrong.locator('.feedback-tag'),
    key.locator('.feedback-tag'),
    wrong.locator('.choice__body'),
    key.locator('.choice__body'),
    rows(page).first().locator('.choice__label'),
  ]) {
    expect(await contrastOf(locator.first())).toBeGreaterThanOrEqual(4.5);
  }
  // The wrong pick red, the key green (borders).
  const border = async (locator: Locator) =>
    locator.evaluate((element) => getComputedStyle(element).borderTopColor);
  const [wrongBorder, keyBorder] = [await border(wrong), await border(key)];
  expect(wrongBorder).not.toBe(keyBorder);
  const [r, g] = (wrongBorder.match(/\d+/g) ?? []).map(Number);
  expect(r!).toBeGreaterThan(g!);
  const [kr, kg] = (keyBorder.match(/\d+/g) ?? []).map(Number);
  expect(kg!).toBeGreaterThan(kr!);
}

test.describe('the first hour on the test page', () => {
  test('study mode marks the wrong pick and the key in words and icons, in es, en and high contrast', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await newStudent(page, 'study-feedback');
    let id = await startPractice(page, 'Competencia Matemática M1', 6, true);
    await openTest(page, id);
    await answerWrongly(page, 'es', 6);
    await checkFeedback(page, 'es');
    await shoot(page, 'study-feedback-es-1280');

    // High contrast from the runner's reading settings: the same words, stronger colours.
    await page.getByRole('button', { name: /Lectura/ }).click();
    await page.getByRole('switch', { name: 'Alto contraste' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
    await page.getByRole('button', { name: /Lectura/ }).click();
    await checkFeedback(page, 'es');
    const tag = page.locator('.question__choice--wrong .feedback-tag');
    const hcBackground = await tag.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(hcBackground).toBe('rgb(139, 0, 0)');
    await shoot(page, 'study-feedback-high-contrast-es-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await checkFeedback(page, 'es');
    await shoot(page, 'study-feedback-high-contrast-es-390');
    await page.getByRole('button', { name: 'Lectura' }).click();
    await page.getByRole('switch', { name: 'Alto contraste' }).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-contrast', 'high');
    await page.setViewportSize({ width: 1280, height: 800 });

    // In English.
    await toEnglish(page);
    id = await startPractice(page, 'Competencia Matemática M1', 6, true);
    await openTest(page, id, 'en');
    await answerWrongly(page, 'en', 6);
    await checkFeedback(page, 'en');
    await shoot(page, 'study-feedback-en-1280');
  });

  test('crosses out an option and highlights a reading passage with the keyboard; both stay and show in review', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await newStudent(page, 'paper-tools');
    const id = await startPractice(page, 'Competencia Lectora', 3);
    await openTest(page, id);
    const text = page.locator('.question__context-text');
    // The first question with a reading text.
    let number = 1;
    while (!(await text.isVisible())) {
      number += 1;
      expect(number).toBeLessThanOrEqual(3);
      await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
    }
    const heading = await page.locator('.question__heading').textContent();

    const saved = () =>
      page.waitForResponse(
        (r) =>
          r.url().endsWith(`/api/user-tests/${id}/annotations`) &&
          r.request().method() === 'PUT' &&
          r.status() === 200,
      );

    // Cross out B with the keyboard: a toggle button, pressed; the answer is untouched.
    const strikeB = page.getByRole('button', { name: 'Descartar opción B' });
    await expect(strikeB).toHaveAttribute('aria-pressed', 'false');
    let save = saved();
    await strikeB.focus();
    await page.keyboard.press('Space');
    await save;
    await expect(strikeB).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.question__choice--struck')).toHaveCount(1);
    await expect(page.locator('.question__choices input[type="radio"]:checked')).toHaveCount(0);

    // Highlight the first three words: into the text with the keyboard, → picks a word, Shift+→
    // extends, Enter highlights.
    const words = ((await text.textContent()) ?? '').split(/\s+/u).filter(Boolean);
    await text.focus();
    await expect(page.getByText(/Con el teclado, dentro del texto/)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    save = saved();
    await page.keyboard.press('Enter');
    await save;
    const marks = text.locator('mark.text-highlight');
    const firstThree = words.slice(0, 3).join(' ');
    await expect(marks.first()).toBeVisible();
    expect((await marks.allTextContents()).join('').replace(/\s+/gu, ' ').trim()).toBe(firstThree);
    // The question did not change (the arrows are the text's own there).
    await expect(page.locator('.question__heading')).toHaveText(heading!);

    // A second passage (the fifth word: the selection starts again from the first word), then
    // removed the same way (Enter on a highlighted selection).
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    save = saved();
    await page.keyboard.press('Enter');
    await save;
    await expect
      .poll(async () => (await marks.allTextContents()).join(' ').replace(/\s+/gu, ' '))
      .toContain(words[4]!);
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    save = saved();
    await page.keyboard.press('Enter');
    await save;
    await expect
      .poll(async () => (await marks.allTextContents()).join('').replace(/\s+/gu, ' ').trim())
      .toBe(firstThree);
    await shoot(page, 'paper-tools-es-1280', true);
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'paper-tools-es-390', true);
    await page.setViewportSize({ width: 1280, height: 800 });

    // A reload keeps both, on the same question.
    await page.reload();
    await expect(page.locator('.question__heading')).toHaveText(heading!);
    await expect(page.getByRole('button', { name: 'Descartar opción B' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect
      .poll(async () => (await marks.allTextContents()).join('').replace(/\s+/gu, ' ').trim())
      .toBe(firstThree);

    // Send the test; writing afterwards is refused, in the student's language.
    await sendTest(page);
    const late = await page.request.put(`/api/user-tests/${id}/annotations`, {
      headers: { ...(await csrfHeaders(page.request, page)), 'X-Localization': 'es' },
      data: { seq: Date.now() + 1000, strikes: [], highlights: [] },
    });
    expect(late.status()).toBe(409);
    expect(((await late.json()) as { message: string }).message).toMatch(/ya terminó/);

    // The review shows the struck option and the highlight.
    await page.goto(`/revisar?id=${id}`);
    for (let n = 1; n < number; n++) {
      await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
    }
    const review = page.locator('.review-question');
    await expect(review.locator('.review-choice--struck')).toHaveCount(1);
    await expect(review.locator('.review-choice--struck')).toContainText('Descartada');
    await expect(review.locator('.review-choice--struck .choice__label')).toHaveText('B)');
    await expect
      .poll(async () =>
        (await review.locator('mark.text-highlight').allTextContents())
          .join('')
          .replace(/\s+/gu, ' ')
          .trim(),
      )
      .toBe(firstThree);
    await shoot(page, 'review-annotations-es-1280', true);
  });

  test("another student can neither read nor write an attempt's annotations", async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await newStudent(page, 'annotations-owner');
    const id = await startPractice(page, 'Ciencias', 2);
    await openTest(page, id);

    const intruder = await (browser as Browser).newContext();
    const other = await intruder.newPage();
    await newStudent(other, 'annotations-intruder');
    const write = await other.request.put(`/api/user-tests/${id}/annotations`, {
      headers: await csrfHeaders(other.request, other),
      data: { seq: Date.now(), strikes: [], highlights: [] },
    });
    expect(write.status()).toBe(404);
    expect((await other.request.get(`/api/user-tests/${id}/annotations`)).status()).toBe(404);
    await intruder.close();

    // The owner's write goes through; a repeat of it changes nothing (idempotent).
    const body = { seq: Date.now(), strikes: [], highlights: [] };
    const headers = await csrfHeaders(page.request, page);
    const first = await page.request.put(`/api/user-tests/${id}/annotations`, {
      headers,
      data: body,
    });
    expect(await first.json()).toEqual({ data: { seq: body.seq, applied: true } });
    const again = await page.request.put(`/api/user-tests/${id}/annotations`, {
      headers,
      data: body,
    });
    expect(await again.json()).toEqual({ data: { seq: body.seq, applied: false } });
    // A strike-out of a question that is not the attempt's is refused.
    const bad = await page.request.put(`/api/user-tests/${id}/annotations`, {
      headers,
      data: { seq: body.seq + 1, strikes: [{ stem_id: 999_999, choice_ids: [] }], highlights: [] },
    });
    expect(bad.status()).toBe(422);
  });

  test('the question comes first: a slim status line on a phone, the comment behind "Report a problem"', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await newStudent(page, 'calm-runner');

    const check = async (lang: 'es' | 'en', width: number) => {
      await page.setViewportSize({ width, height: width < 800 ? 844 : 800 });
      const id = await startPractice(page, 'Historia y Ciencias Sociales', 12);
      await openTest(page, id, lang);
      const t =
        lang === 'es'
          ? {
              report: 'Reportar un problema',
              box: /Encontraste un error/,
              questions: 'Preguntas',
              q5: /^Ir a la pregunta 5: /,
            }
          : {
              report: 'Report a problem',
              box: /Found a mistake/,
              questions: 'Questions',
              q5: /^Go to question 5: /,
            };

      // The comment box is not on the page until asked for.
      await expect(page.getByRole('textbox', { name: t.box })).toHaveCount(0);
      // One navigation: no numbered pager beside the palette.
      await expect(page.locator('.question-pager')).toHaveCount(0);
      const bar = page.locator('.test-page__bar');
      // Measured once the bar has settled (its fonts and counters come in after the heading).
      const height = async () => (await bar.boundingBox())?.height ?? Infinity;
      if (width < 800) {
        // One slim line: at most 7 % of a 390 × 844 screen.
        await expect.poll(height).toBeLessThanOrEqual(844 * 0.07);
        const spread = () =>
          bar.evaluate((element) => {
            const middles = [...element.children]
              .map((child) => child.getBoundingClientRect())
              .filter((box) => box.width > 1)
              .map((box) => box.top + box.height / 2);
            return Math.max(...middles) - Math.min(...middles);
          });
        await expect.poll(spread).toBeLessThanOrEqual(4);
        await expect(bar).toContainText('0/12');
        await shoot(page, `runner-${lang}-${width}`);
        // The palette opens as a sheet and takes the student to a question.
        await bar.getByRole('button', { name: t.questions }).click();
        const sheet = page.getByRole('dialog', { name: t.questions });
        await expect(sheet).toBeVisible();
        await shoot(page, `runner-palette-${lang}-${width}`);
        await sheet.getByRole('button', { name: t.q5 }).click();
        await expect(sheet).toBeHidden();
        await expect(
          page.getByRole('heading', {
            name: lang === 'es' ? 'Pregunta 5 de 12' : 'Question 5 of 12',
          }),
        ).toBeVisible();
        expect(
          await page.evaluate(
            () => document.scrollingElement!.scrollWidth - document.documentElement.clientWidth,
          ),
        ).toBeLessThanOrEqual(0);
      } else {
        await expect.poll(height).toBeLessThanOrEqual(64);
        await expect(page.getByRole('complementary', { name: t.questions })).toBeVisible();
        await shoot(page, `runner-${lang}-${width}`);
      }

      // "Report a problem" opens the same comment form in a small dialog.
      await page.getByRole('button', { name: t.report }).click();
      const dialog = page.getByRole('dialog', { name: t.report });
      await expect(dialog.getByRole('textbox', { name: t.box })).toBeVisible();
      await expect(page.locator('.ant-zoom-appear, .ant-zoom-enter')).toHaveCount(0);
      await shoot(page, `runner-report-${lang}-${width}`);
      await dialog.getByRole('textbox', { name: t.box }).fill('La figura no se ve.');
      const sent = page.waitForResponse((r) =>
        r.url().endsWith('/api/mail/stem-correction-request'),
      );
      await dialog
        .getByRole('button', { name: lang === 'es' ? 'Enviar comentario' : 'Send comment' })
        .click();
      expect((await sent).status()).toBe(200);
      await expect(
        page.getByRole('dialog', { name: lang === 'es' ? 'Comentario enviado' : 'Comment sent' }),
      ).toBeVisible();
    };

    await check('es', 390);
    await check('es', 1280);
    await toEnglish(page);
    await check('en', 390);
    await check('en', 1280);
  });
});
