import type { Attempt, SubjectListResponse } from '@ensaya/core/contracts/engine';
import type { HistoryRow } from '@ensaya/core/contracts/statistics';

/** Fixtures of the history and review screens: a subject card, history rows, a sent attempt. */

export function subjectList(hasAccess: boolean): SubjectListResponse {
  return {
    data: [
      {
        id: 2,
        name: 'Examen teórico',
        subjects: [
          {
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
            has_access: hasAccess,
            subscription_id: 3,
            custom_tests: 12,
            official_tests: 3,
            in_progress_user_test_id: null,
          },
        ],
      },
    ],
  };
}

export function historyRow(id: number, change: Partial<HistoryRow> = {}): HistoryRow {
  return {
    id,
    // 23:30 UTC: shown with its time of day in the student's time zone.
    fecha: `2026-03-${String(10 + (id % 10)).padStart(2, '0')}T23:30:00.000Z`,
    type: 'custom',
    kind: change.mode === 'wrong_answers' ? 'wrong_answers' : (change.type ?? 'custom'),
    mode: 'practice',
    total_test_stems: 10,
    total_correct_choices: 6,
    score: 0,
    min_passed: true,
    time_minutes: 12,
    elective_name: null,
    pilot_count: 0,
    ...change,
  };
}

export const sentAttempt: Attempt = {
  id: 90,
  subject_id: 7,
  subject_name: 'Examen teórico clase B',
  standard_test_id: 2,
  period_id: 70,
  type: 'official',
  mode: 'mock_exam',
  status: 'submitted',
  random_question: true,
  random_answer: true,
  study_mode: false,
  seconds: 2700,
  started_at: '2026-03-04T23:10:00.000Z',
  begun_at: '2026-03-04T23:10:30.000Z',
  deadline_at: '2026-03-04T23:55:00.000Z',
  submitted_at: '2026-03-04T23:50:00.000Z',
  server_now: '2026-03-10T12:00:00.000Z',
  result: null,
  questions: [
    {
      position: 1,
      stem_id: 501,
      stem_number: 1,
      theme_id: 71,
      theme_name: 'Normas de tránsito',
      statement_html: '<p>¿A qué velocidad máxima se circula en zona urbana?</p>',
      is_multi_choice: false,
      url_source: null,
      context: { id: 9, title: 'Ley de tránsito', body_html: '<p>Artículo 145.</p>' },
      choices: [
        { id: 1, label: 'A', body_html: '50 km/h', is_correct: true },
        { id: 2, label: 'B', body_html: '60 km/h', is_correct: false },
      ],
      chosen_choice_ids: [2],
      is_marked: true,
      seq: 3,
      solution_html: '<p>El límite urbano es 50 km/h.</p>',
      correct_choice_ids: [1],
      is_correct: false,
    },
    {
      position: 2,
      stem_id: 502,
      stem_number: 2,
      theme_id: 72,
      theme_name: 'Señales de tránsito',
      statement_html: '<p>¿Qué indica un disco rojo con una barra blanca?</p>',
      is_multi_choice: false,
      url_source: null,
      context: null,
      choices: [
        { id: 3, label: 'A', body_html: 'No entrar', is_correct: true },
        { id: 4, label: 'B', body_html: 'Ceda el paso', is_correct: false },
      ],
      chosen_choice_ids: [3],
      is_marked: false,
      seq: 1,
      solution_html: '<p>Es la señal de acceso prohibido.</p>',
      correct_choice_ids: [3],
      is_correct: true,
    },
  ],
};
