import { describe, expect, it } from 'vitest';
import { countsForPopulation } from './population.ts';

describe('countsForPopulation', () => {
  it('counts first attempts drawn from the bank', () => {
    expect(countsForPopulation({ mode: 'practice', isDebugUser: false })).toBe(true);
    expect(countsForPopulation({ mode: 'mock_exam', isDebugUser: false })).toBe(true);
  });

  it('leaves out wrong-answers drills, even of everyone’s most failed questions', () => {
    expect(
      countsForPopulation({ mode: 'wrong_answers', wrongSource: 'general', isDebugUser: false }),
    ).toBe(false);
  });

  it('leaves out retakes of questions whose keys the student has seen', () => {
    expect(countsForPopulation({ mode: 'historical', isDebugUser: false })).toBe(false);
    expect(
      countsForPopulation({ mode: 'wrong_answers', wrongSource: 'own', isDebugUser: false }),
    ).toBe(false);
  });

  it('leaves out every attempt of a debug user, who sees the keys while answering', () => {
    expect(countsForPopulation({ mode: 'practice', isDebugUser: true })).toBe(false);
    expect(countsForPopulation({ mode: 'mock_exam', isDebugUser: true })).toBe(false);
  });
});
