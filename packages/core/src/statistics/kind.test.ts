import { describe, expect, it } from 'vitest';
import { statsKindOf } from './kind.ts';

describe('statsKindOf', () => {
  it('keeps practice and mock exams, and retakes, under their type', () => {
    expect(statsKindOf({ type: 'custom', mode: 'practice' })).toBe('custom');
    expect(statsKindOf({ type: 'official', mode: 'mock_exam' })).toBe('official');
    expect(statsKindOf({ type: 'official', mode: 'historical' })).toBe('official');
    expect(statsKindOf({ type: 'custom', mode: 'historical' })).toBe('custom');
  });

  it('makes a wrong-answers drill its own kind, whatever its type', () => {
    expect(statsKindOf({ type: 'custom', mode: 'wrong_answers' })).toBe('wrong_answers');
    expect(statsKindOf({ type: 'official', mode: 'wrong_answers' })).toBe('wrong_answers');
  });
});
