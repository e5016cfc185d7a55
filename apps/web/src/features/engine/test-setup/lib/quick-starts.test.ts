import { describe, expect, it } from 'vitest';
import { quickPractice, quickPracticeRequest } from './quick-starts.ts';

const themes = [
  { theme_id: 1, name: 'Números', count: 30 },
  { theme_id: 2, name: 'Álgebra', count: 30 },
  { theme_id: 3, name: 'Geometría', count: 2 },
  { theme_id: 4, name: 'Probabilidad', count: 30 },
  { theme_id: 5, name: 'Vacío', count: 0 },
];
const stat = (theme_id: number, questions: number, correct_percentage: number) => ({
  theme_id,
  questions,
  correct_percentage,
});

describe('quickPractice', () => {
  it('without history spreads 10 questions over every theme with questions', () => {
    const practice = quickPractice(themes, []);
    expect(practice.kind).toBe('starter');
    expect(practice.total).toBe(10);
    expect(practice.themes.map((theme) => [theme.themeId, theme.quantity])).toEqual([
      [1, 3],
      [2, 3],
      [3, 2],
      [4, 2],
    ]);
  });

  it('themes answered without a question (all unanswered stats) count as no history', () => {
    expect(quickPractice(themes, [stat(1, 0, 0)]).kind).toBe('starter');
  });

  it('draws from the three weakest themes, weakest first', () => {
    const practice = quickPractice(themes, [
      stat(1, 20, 90),
      stat(2, 10, 40),
      stat(4, 8, 40),
      stat(3, 5, 60),
    ]);
    expect(practice.kind).toBe('weakest');
    expect(practice.total).toBe(10);
    // A tie goes to the theme with fewer answers; Geometría has only 2 questions.
    expect(practice.themes.map((theme) => [theme.themeId, theme.quantity])).toEqual([
      [4, 4],
      [2, 4],
      [3, 2],
    ]);
  });

  it('tops up from the next weakest theme when the weakest hold too few questions', () => {
    const small = [
      { theme_id: 1, name: 'A', count: 3 },
      { theme_id: 2, name: 'B', count: 3 },
      { theme_id: 3, name: 'C', count: 3 },
      { theme_id: 4, name: 'D', count: 30 },
    ];
    const practice = quickPractice(small, [
      stat(1, 5, 10),
      stat(2, 5, 20),
      stat(3, 5, 30),
      stat(4, 5, 90),
    ]);
    expect(practice.total).toBe(10);
    expect(practice.themes.map((theme) => theme.themeId)).toEqual([1, 2, 3, 4]);
  });

  it('ignores statistics of themes no longer in the bank and builds a by-theme request', () => {
    const practice = quickPractice(themes, [stat(5, 4, 0), stat(99, 4, 0), stat(2, 4, 50)]);
    expect(practice.themes).toEqual([{ themeId: 2, name: 'Álgebra', quantity: 10 }]);
    expect(quickPracticeRequest(7, practice)).toEqual({
      subject_id: 7,
      mode: 'practice',
      selection: { value: 4, themes: [{ theme_id: 2, quantity: 10 }] },
      random_question: true,
      random_answer: false,
      study_mode: true,
      timer: null,
    });
  });
});
