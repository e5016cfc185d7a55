import { demoUser } from '../../../../test/fake-api.ts';
import type { Question } from '../api/types.ts';

/** Fixtures of the back office's tests: an admin, a small catalogue and one question. */

export const adminUser = {
  ...demoUser,
  id: 9,
  name: 'Ada',
  email: 'admin@ensaya.cl',
  role: 'admin' as const,
};

export const meAs = (user: typeof demoUser | typeof adminUser) => () => ({
  status: 200,
  body: { data: user },
});

export const list = <T>(data: T[], total = data.length, page = 1) => ({
  status: 200,
  body: { data, meta: { page, per_page: 20, total } },
});

export const subjects = [
  {
    id: 2,
    standard_test_id: 1,
    name: 'M1',
    description: null,
    approval_grade: 450,
    approval_rule: 'application_average' as const,
    position: 2,
  },
];

export const themes = [
  { id: 21, subject_id: 2, name: 'Números', position: 1, is_elective: false, question_count: 10 },
  {
    id: 22,
    subject_id: 2,
    name: 'Álgebra y funciones',
    position: 2,
    is_elective: false,
    question_count: 12,
  },
];

export const question: Question = {
  id: 5,
  subject_id: 2,
  theme_id: 21,
  theme_name: 'Números',
  context_id: null,
  context_title: null,
  statement: '<p>¿Cuánto es \\(2+2\\)?</p>',
  statement_html: '<p>¿Cuánto es <span class="katex">2+2</span>?</p>',
  solution: '<p>Suma.</p>',
  solution_html: '<p>Suma.</p>',
  is_multi_choice: false,
  url_source: null,
  stem_number: 12,
  is_active: true,
  difficulty: 3,
  choices: [
    { id: 51, body: '3', body_html: '3', is_correct: false, position: 1 },
    { id: 52, body: '4', body_html: '4', is_correct: true, position: 2 },
  ],
  render_errors: [],
};

/** The catalogue reads every admin screen's selects make. */
export const catalogueHandlers = {
  'GET /api/admin/subjects': () => list(subjects),
  'GET /api/admin/themes': () => list(themes),
  'GET /api/admin/contexts': () => list([]),
  'GET /api/admin/standard-tests': () =>
    list([{ id: 1, name: 'PAES', code: 'paes', max_subjects: 4 }]),
};
