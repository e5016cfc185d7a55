import { describe, expect, it } from 'vitest';
import { practiceNext } from './practice-next.ts';

const theme = (theme_id: number, correct: number, incorrect: number, unanswered = 0) => ({
  theme_id,
  name: `Tema ${theme_id}`,
  correct,
  incorrect,
  unanswered,
});

describe('what to practise next', () => {
  it('offers the three weakest themes, lowest share first, five questions each', () => {
    const next = practiceNext([
      theme(1, 9, 1),
      theme(2, 2, 8),
      theme(3, 5, 5),
      theme(4, 1, 2, 2),
      theme(5, 3, 7),
    ]);
    // 4 and 2 both at 20 %: 2 missed more (8 against 4).
    expect(next.map((entry) => entry.theme_id)).toEqual([2, 4, 5]);
    expect(next.every((entry) => entry.quantity === 5)).toBe(true);
  });

  it('leaves out themes answered all right, and ties go to the theme with more misses', () => {
    expect(practiceNext([theme(1, 4, 0), theme(2, 1, 1), theme(3, 2, 2)])).toMatchObject([
      { theme_id: 3 },
      { theme_id: 2 },
    ]);
    expect(practiceNext([theme(1, 4, 0)])).toEqual([]);
  });
});
