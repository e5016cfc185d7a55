// Screenshots of the result page for docs/screenshots/result/: the demo student's latest
// CL, M1, Ciencias and class B mock exam and M1 practice, at 390 and 1280 px, in Spanish and English.
// Usage: with `npm start` running, BASE=http://localhost:3000 OUT=docs/screenshots/result node scripts/result-screenshots.mjs
/* global document */
import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://localhost:3000';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const context = await browser.newContext({ locale: 'es-CL' });
const page = await context.newPage();
await page.goto(base + '/');
await page.getByLabel(/Correo/).fill('estudiante@ensaya.cl');
await page.getByLabel('Contraseña', { exact: true }).fill('Ensaya2026!');
await page.getByRole('button', { name: /Ingresar|Iniciar/ }).click();
await page.waitForURL(/dashboard|materias/);
await page
  .getByRole('button', { name: 'Rechazar' })
  .click()
  .catch(() => undefined);
const subjects = await page.evaluate(
  async () => (await (await fetch('/api/subjects')).json()).data,
);
const flat = subjects.flatMap((g) => g.subjects);
const targets = [];
for (const s of flat) {
  for (const type of ['official', 'custom']) {
    const r = await page.evaluate(
      async ([id, type]) =>
        await (await fetch(`/api/subjects/${id}/user-tests?type=${type}`)).json(),
      [s.id, type],
    );
    if (r.data?.length) targets.push({ name: s.name, type, id: r.data[0].id });
  }
}
console.log(JSON.stringify(targets));
const langs = (process.env.LANGS ?? 'es,en').split(',');
const wanted = (
  process.env.WANT ?? 'Lectora:official,M1:official,Ciencias:official,clase B:official,M1:custom'
).split(',');
for (const lang of langs) {
  if (lang === 'en') {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(base + '/dashboard');
    await page.locator('button', { hasText: /^EN$/ }).click();
    await page.waitForTimeout(1500);
  }
  for (const w of wanted) {
    const [frag, type] = w.split(':');
    const target = targets.find((t) => t.name.includes(frag) && t.type === type);
    if (!target) {
      console.log('missing', w);
      continue;
    }
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/resultado?id=${target.id}`);
      await page.locator('.result__score').waitFor();
      await page.waitForTimeout(800);
      const label =
        { Lectora: 'cl', M1: 'm1', Ciencias: 'ciencias', 'clase B': 'clase-b' }[frag] ?? frag;
      const file = `${process.env.OUT ?? '/tmp/shots'}/result-${type === 'custom' ? 'practice-' + label : label}-${lang}-${width}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file, await page.evaluate(() => document.documentElement.scrollWidth));
    }
  }
}
await browser.close();
