import type { AttemptContent } from '@ensaya/core/contracts/engine';
import type { ScheduledExam, ScheduledExamResults } from '@ensaya/core/contracts/scheduled-exam';

/** Fixtures of the scheduled ensayos' tests. */

const MINUTE = 60_000;

/**
 * An ensayo of 140 minutes whose start is `startsInMs` after the server's `now`: the waiting room
 * opens 15 minutes before, late joins until 30 minutes after, everyone's clock ends with the
 * duration plus two minutes of grace. `state` follows the clock unless given.
 */
export function makeExam(
  now: number,
  startsInMs: number,
  change: Partial<ScheduledExam> = {},
): ScheduledExam {
  const startsAt = now + startsInMs;
  const opensAt = startsAt - 15 * MINUTE;
  const endsAt = startsAt + 142 * MINUTE;
  const state: ScheduledExam['state'] =
    now < opensAt ? 'upcoming' : now < startsAt ? 'waiting_room' : now < endsAt ? 'live' : 'closed';
  return {
    id: 4,
    title: 'Ensayo nacional M1 de marzo',
    subject_id: 2,
    subject_name: 'Competencia Matemática 1 (M1)',
    elective_theme_id: null,
    elective_name: null,
    question_count: 65,
    duration_minutes: 140,
    starts_at: new Date(startsAt).toISOString(),
    join_opens_at: new Date(opensAt).toISOString(),
    join_closes_at: new Date(startsAt + 30 * MINUTE).toISOString(),
    ends_at: new Date(endsAt).toISOString(),
    state,
    joined: false,
    user_test_id: null,
    submitted: false,
    participant_count: 120,
    server_now: new Date(now).toISOString(),
    ...change,
  };
}

/** The form's content, as `GET /api/content/{key}` would answer it (three questions). */
export const formContent: AttemptContent = {
  questions: [1, 2, 3].map((n) => ({
    stem_id: 100 + n,
    statement_html: `<p>Enunciado ${n}</p>`,
    url_source: null,
    context_id: null,
    choices: [1, 2, 3].map((c) => ({
      id: 1000 + n * 10 + c,
      body_html: `Alternativa ${n}${'ABC'[c - 1]}`,
    })),
  })),
  contexts: [],
};

export const examResults: ScheduledExamResults = {
  scheduled_exam_id: 4,
  participant_count: 250,
  user_test_id: 77,
  score: 712.4,
  correct: 48,
  question_count: 65,
  percentile: 73.2,
  cohort_average: 604.6,
  distribution: [
    { from: 600, to: 650, count: 40 },
    { from: 650, to: 700, count: 30 },
    { from: 700, to: 750, count: 12 },
  ],
  themes: [
    { theme_id: 21, name: 'Números', question_count: 20, own_percent: 80, cohort_percent: 61.4 },
    {
      theme_id: 22,
      name: 'Álgebra y funciones',
      question_count: 25,
      own_percent: 64,
      cohort_percent: 55.5,
    },
  ],
};

// One sealer for every test (src/test/sealed.ts), re-exported beside the exam fixtures.
export { sealForTest } from '../../../../test/sealed.ts';
