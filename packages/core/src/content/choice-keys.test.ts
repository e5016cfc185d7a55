import { describe, expect, it } from 'vitest';
import { choiceKeyProblem } from './choice-keys.ts';

const choices = (...keys: boolean[]) => keys.map((isCorrect) => ({ isCorrect }));

describe('choiceKeyProblem', () => {
  it('accepts one key in a single-choice question of 2 to 9 choices', () => {
    expect(choiceKeyProblem(choices(true, false), false)).toBeUndefined();
    expect(
      choiceKeyProblem(
        choices(false, false, false, false, false, false, false, false, true),
        false,
      ),
    ).toBeUndefined();
  });

  it('refuses fewer than 2 or more than 9 choices', () => {
    expect(choiceKeyProblem(choices(true), false)).toBe('choiceCount');
    expect(choiceKeyProblem(choices(true, ...Array<boolean>(9).fill(false)), false)).toBe(
      'choiceCount',
    );
    expect(choiceKeyProblem([], true)).toBe('choiceCount');
  });

  it('needs exactly one key in a single-choice question', () => {
    expect(choiceKeyProblem(choices(false, false, false), false)).toBe('singleChoiceKey');
    expect(choiceKeyProblem(choices(true, true, false), false)).toBe('singleChoiceKey');
  });

  it('needs at least one key in a multi-choice question, and accepts several', () => {
    expect(choiceKeyProblem(choices(false, false), true)).toBe('multiChoiceKey');
    expect(choiceKeyProblem(choices(true, true, false), true)).toBeUndefined();
    expect(choiceKeyProblem(choices(true, true), true)).toBeUndefined();
  });
});
