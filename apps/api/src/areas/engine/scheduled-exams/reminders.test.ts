import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { mailOutbox } from '../../../db/schema/index.ts';
import { createBank, type TestBank } from '../../../test/bank-factory.ts';
import { buildTestApp, type TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { runJobsOnce } from '../../operations/jobs/run-jobs.ts';
import { createGateways } from '../../sales/payments/gateways.ts';
import { remindScheduledExam } from './reminders.ts';
import { inMinutes, schedule, signedIn } from './test/helpers.ts';

// The day before a scheduled ensayo, its subject's students are reminded once, in their language.

let t: TestApp;
let bank: TestBank;
let admin: TestClient;
let deps: Parameters<typeof runJobsOnce>[1];

beforeAll(async () => {
  t = await buildTestApp();
  bank = await createBank(t.db, { perTheme: 10, questionCount: 10 });
  admin = (await signedIn(t, { admin: true })).client;
  deps = { gateways: createGateways(t.config, 'unused'), appUrl: t.config.appUrl };
});
afterAll(() => t?.close());

describe('the day-before reminder', () => {
  it('mails every student with access once, in their language', async () => {
    const spanish = await signedIn(t, { subjectId: bank.subject.id, language: 'es' });
    const english = await signedIn(t, { subjectId: bank.subject.id, language: 'en' });
    const outsider = await signedIn(t, { language: 'es' });
    const exam = await schedule(admin, bank.subject.id, {
      starts_at: inMinutes(20 * 60).toISOString(),
    });
    const later = await schedule(admin, bank.subject.id, {
      title: 'Más adelante',
      starts_at: inMinutes(30 * 60).toISOString(),
    });
    const addresses = [spanish.user.email, english.user.email, outsider.user.email];
    const mails = () =>
      t.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses));

    await runJobsOnce(t.db, deps, new Date());
    const sent = await mails();
    expect(sent.map((mail) => [mail.toAddress, mail.subject, mail.locale]).sort()).toEqual(
      [
        [spanish.user.email, 'Mañana: Ensayo nacional', 'es'],
        [english.user.email, 'Tomorrow: National mock exam', 'en'],
      ].sort(),
    );
    for (const mail of sent) {
      expect(mail.text).toContain(`/ensayo-nacional/${exam.id}`);
      expect(mail.text).toContain(bank.subject.name);
    }
    expect(sent.find((mail) => mail.locale === 'es')!.text).toContain('a la misma hora para todos');

    // Again, or the job run twice: nobody is mailed twice; the later ensayo waits for its day.
    await runJobsOnce(t.db, deps, new Date());
    expect(await remindScheduledExam(t.db, t.config.appUrl, exam.id, new Date())).toBe(0);
    const after = await mails();
    expect(after).toHaveLength(2);
    expect(after.some((mail) => mail.subject.includes(later.title))).toBe(false);
  });
});
