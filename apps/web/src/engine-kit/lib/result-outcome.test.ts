import { describe, expect, it } from 'vitest';
import { resultOutcome } from './result-outcome.ts';

const base = {
  type: 'official' as const,
  mode: 'mock_exam' as const,
  passed: null,
  score: 612,
  approval_grade: 458,
  approval_rule: 'application_average' as const,
  application_average: null,
  correct: 42,
  total: 60,
  special_numbers: [],
};

describe('result outcome', () => {
  it('CL and M1: 458 is the CL + M1 average to apply, never pass or fail', () => {
    // One of the two tests: what the other one needs for an average of 458.
    expect(resultOutcome({ ...base, score: 400 }, '40 %')).toMatchObject({
      tone: 'info',
      headline: { value: '400', unitKey: 'result.paesPoints' },
      titleKey: 'result.applicationOneTest',
      values: { minimum: 458, needed: 516 },
    });
    // Both: how far the average is, or that it is reached.
    expect(resultOutcome({ ...base, application_average: 387 }, '70 %')).toMatchObject({
      tone: 'info',
      titleKey: 'result.applicationGap',
      values: { average: 387, count: 71 },
    });
    expect(resultOutcome({ ...base, application_average: 530 }, '70 %')).toMatchObject({
      tone: 'success',
      titleKey: 'result.applicationReached',
      values: { average: 530 },
    });
  });

  it('M2, Ciencias and Historia show the scale score and no pass mark', () => {
    expect(
      resultOutcome({ ...base, approval_rule: 'none', approval_grade: 0 }, '70 %'),
    ).toMatchObject({
      tone: 'info',
      headline: { value: '612' },
      descriptionKey: 'result.noPassMark',
    });
  });

  it('class B keeps its pass mark and says by how many points', () => {
    const classB = {
      ...base,
      approval_rule: 'pass_mark' as const,
      approval_grade: 33,
      total: 35,
      special_numbers: [4, 17, 30],
    };
    expect(resultOutcome({ ...classB, score: 35, passed: true }, '90 %')).toMatchObject({
      tone: 'success',
      headline: { value: '35', unitValues: { count: 38 } },
      titleKey: 'result.passed',
      descriptionKey: 'result.passedBy',
      values: { count: 2, grade: 33 },
    });
    expect(resultOutcome({ ...classB, score: 33, passed: true }, '90 %')).toMatchObject({
      descriptionKey: 'result.passedExactly',
    });
    expect(resultOutcome({ ...classB, score: 30, passed: false }, '80 %')).toMatchObject({
      tone: 'warning',
      titleKey: 'result.failed',
      descriptionKey: 'result.failedBy',
      values: { count: 3 },
    });
  });

  it('a practice shows its percentage, never a score of 0, and its 50 % line kindly', () => {
    const practice = { ...base, type: 'custom' as const, score: 0, correct: 10, total: 25 };
    expect(resultOutcome({ ...practice, passed: false }, '40 %')).toMatchObject({
      tone: 'warning',
      headline: { value: '40 %', unitKey: 'result.correctOfTotal', unitValues: { correct: 10 } },
      titleKey: 'result.practiceNotYet',
      values: { pass: 50 },
    });
    expect(resultOutcome({ ...practice, passed: true }, '72 %')).toMatchObject({
      tone: 'success',
      titleKey: 'result.practicePassed',
    });
  });

  it('a first diagnostic is a starting point: its percentage, never pass or fail', () => {
    const diagnostic = {
      ...base,
      type: 'custom' as const,
      mode: 'diagnostic' as const,
      score: 0,
      correct: 2,
      total: 15,
    };
    for (const passed of [false, true]) {
      expect(resultOutcome({ ...diagnostic, passed }, '13,3 %')).toMatchObject({
        tone: 'info',
        headline: { value: '13,3 %', unitKey: 'result.correctOfTotal' },
        titleKey: 'diagnostic.outcomeTitle',
        descriptionKey: 'diagnostic.outcomeHelp',
      });
    }
  });
});
