import { describe, expect, it } from 'vitest';
import type { SubjectSetup } from '@ensaya/core/contracts/engine';
import { electiveLabel, electiveThemes, examThemes, initialElective } from './electives.ts';

const theme = (theme_id: number, name: string, is_elective: boolean, exam_quota: number) => ({
  theme_id,
  name,
  count: 60,
  with_context: 0,
  weight: exam_quota,
  exam_quota,
  is_elective,
});

const ciencias: Pick<SubjectSetup, 'themes' | 'last_elective_theme_id'> = {
  themes: [
    theme(1, 'Biología', false, 18),
    theme(2, 'Química', false, 18),
    theme(3, 'Física', false, 18),
    theme(4, 'Electivo Biología', true, 26),
    theme(5, 'Electivo Química', true, 26),
    theme(6, 'Electivo Física', true, 26),
  ],
  last_elective_theme_id: null,
};

describe('elective modules in the setup', () => {
  it('offers the three electives, labelled by their science', () => {
    expect(electiveThemes(ciencias).map((entry) => electiveLabel(entry.name))).toEqual([
      'Biología',
      'Química',
      'Física',
    ]);
  });

  it('preselects the last choice only when it is still offered', () => {
    expect(initialElective(ciencias)).toBeUndefined();
    expect(initialElective({ ...ciencias, last_elective_theme_id: 6 })).toBe(6);
    expect(initialElective({ ...ciencias, last_elective_theme_id: 2 })).toBeUndefined();
  });

  it('lists the common themes and the chosen elective: 18 + 18 + 18 + 26 = 80', () => {
    const exam = examThemes(ciencias, 5);
    expect(exam.map((entry) => entry.theme_id)).toEqual([1, 2, 3, 5]);
    expect(exam.reduce((sum, entry) => sum + entry.exam_quota, 0)).toBe(80);
    expect(examThemes(ciencias, undefined).map((entry) => entry.theme_id)).toEqual([1, 2, 3]);
  });

  it('a subject without electives lists every weighted theme', () => {
    const m1 = { themes: [theme(1, 'Números', false, 16), theme(2, 'Geometría', false, 0)] };
    expect(electiveThemes(m1)).toEqual([]);
    expect(examThemes(m1, undefined).map((entry) => entry.theme_id)).toEqual([1]);
  });
});
