import type {
  Attempt,
  AttemptQuestion,
  AttemptResult,
  SubjectSetup,
} from '@ensaya/core/contracts/engine';
import type { ControlContext } from '../lib/control-context.ts';

/** Fixtures of the test engine's screens: a subject, its setup and attempts of any size. */

export const control: ControlContext = {
  subjectId: 7,
  subjectName: 'Examen teórico clase B',
  subjectApprovalGrade: 33,
  subscriptionId: 3,
  standartTestId: 2,
  periodId: 70,
  testCount: 2,
  hasAccess: true,
  type: 'custom',
  userTestId: null,
};

export function storeControl(change: Partial<ControlContext> = {}): void {
  sessionStorage.setItem('control', JSON.stringify({ ...control, ...change }));
}

export const setup: SubjectSetup = {
  id: 7,
  name: 'Examen teórico clase B',
  description: null,
  description_en: null,
  standard_test_id: 2,
  approval_grade: 33,
  approval_rule: 'pass_mark',
  period_id: 70,
  period_name: 'Examen teórico 2026',
  test_duration: 45,
  question_count: 35,
  bank_count: 60,
  has_access: true,
  subscription_id: 3,
  custom_tests: 1,
  official_tests: 1,
  in_progress_user_test_id: null,
  themes: [
    {
      theme_id: 71,
      name: 'Normas de tránsito',
      count: 20,
      with_context: 0,
      weight: 60,
      exam_quota: 21,
      is_elective: false,
    },
    {
      theme_id: 72,
      name: 'Señales de tránsito',
      count: 40,
      with_context: 4,
      weight: 40,
      exam_quota: 14,
      is_elective: false,
    },
  ],
  max_stem_number: 60,
  last_elective_theme_id: null,
};

/** Question `n` (1-based): single choice with three choices, the second correct. */
export function makeQuestion(n: number, change: Partial<AttemptQuestion> = {}): AttemptQuestion {
  const base = 1000 + n * 10;
  return {
    position: n,
    stem_id: 100 + n,
    stem_number: n,
    theme_id: 71,
    theme_name: 'Normas de tránsito',
    statement_html: `<p>Enunciado ${n} <a href="https://www.conaset.cl">ley</a></p>`,
    is_multi_choice: false,
    url_source: null,
    context: null,
    choices: [
      { id: base + 1, label: 'A', body_html: `Alternativa ${n}A` },
      { id: base + 2, label: 'B', body_html: `Alternativa ${n}B` },
      { id: base + 3, label: 'C', body_html: `Alternativa ${n}C` },
    ],
    chosen_choice_ids: [],
    is_marked: false,
    seq: 0,
    ...change,
  };
}

export function makeAttempt(count: number, change: Partial<Attempt> = {}): Attempt {
  const now = new Date();
  return {
    id: 55,
    subject_id: 7,
    subject_name: 'Examen teórico clase B',
    standard_test_id: 2,
    period_id: 70,
    type: 'custom',
    mode: 'practice',
    status: 'in_progress',
    random_question: false,
    random_answer: false,
    study_mode: false,
    seconds: 3600,
    started_at: now.toISOString(),
    // Instructions not continued yet: no clock (the fake API's begin starts it).
    begun_at: null,
    deadline_at: null,
    submitted_at: null,
    server_now: now.toISOString(),
    questions: Array.from({ length: count }, (_, index) => makeQuestion(index + 1)),
    result: null,
    ...change,
  };
}

export const result: AttemptResult = {
  user_test_id: 55,
  type: 'official',
  mode: 'mock_exam',
  subject_id: 7,
  subject_name: 'Examen teórico clase B',
  start: '2026-03-04T23:50:00.000Z',
  end: '2026-03-05T00:31:05.000Z',
  elapsed_seconds: 2465,
  score: 34,
  passed: true,
  approval_grade: 33,
  approval_rule: 'pass_mark',
  application_average: null,
  total: 35,
  pilot_count: 0,
  elective: null,
  correct: 31,
  incorrect: 3,
  unanswered: 1,
  percentage: 88.6,
  themes: [],
  special_numbers: [4, 17, 30],
  ended_by: 'student',
};
