import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  difficultyOfFacility,
  effectiveDifficulty,
  MEASURED_DIFFICULTY_MIN_ANSWERS,
} from './difficulty.ts';

describe('difficulty', () => {
  it('reads a facility as easy from 70 % correct, medium from 40 %, hard below', () => {
    expect([0.95, 0.7, 0.69, 0.4, 0.39, 0].map(difficultyOfFacility)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('keeps the authored difficulty until 30 answers, then the measured one', () => {
    expect(effectiveDifficulty(3, 29, 29)).toBe(3);
    expect(effectiveDifficulty(3, 30, 27)).toBe(1);
    expect(effectiveDifficulty(1, 40, 10)).toBe(3);
    fc.assert(
      fc.property(
        fc.constantFrom(1 as const, 2 as const, 3 as const),
        fc.nat(200),
        fc.nat(200),
        (authored, answers, right) => {
          const correct = Math.min(right, answers);
          const difficulty = effectiveDifficulty(authored, answers, correct);
          if (answers < MEASURED_DIFFICULTY_MIN_ANSWERS) expect(difficulty).toBe(authored);
          else expect(difficulty).toBe(difficultyOfFacility(correct / answers));
        },
      ),
    );
  });
});
