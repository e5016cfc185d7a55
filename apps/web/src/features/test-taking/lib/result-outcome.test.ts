import { describe, expect, it } from 'vitest';
import { resultOutcome } from './result-outcome.ts';

const base = {
  type: 'official' as const,
  passed: null,
  score: 612,
  approval_grade: 458,
  approval_rule: 'application_average' as const,
  application_average: null,
};

describe('result outcome', () => {
  it('CL and M1: 458 is the CL + M1 average to apply, never pass or fail', () => {
    expect(resultOutcome(base, '70 %')).toMatchObject({
      tone: 'info',
      titleKey: 'result.scaleScore',
      descriptionKey: 'result.applicationMinimum',
      values: { count: 612, minimum: 458 },
    });
    expect(resultOutcome({ ...base, application_average: 530 }, '70 %')).toMatchObject({
      descriptionKey: 'result.applicationAverage',
      values: { average: 530 },
    });
  });

  it('M2, Ciencias and Historia show no pass mark', () => {
    expect(
      resultOutcome({ ...base, approval_rule: 'none', approval_grade: 0 }, '70 %'),
    ).toMatchObject({ tone: 'info', descriptionKey: 'result.noPassMark' });
  });

  it('class B keeps its pass mark, and a practice passes at 50 %', () => {
    expect(
      resultOutcome(
        { ...base, approval_rule: 'pass_mark', approval_grade: 33, score: 34, passed: true },
        '90 %',
      ),
    ).toMatchObject({
      tone: 'success',
      titleKey: 'result.passed',
      values: { count: 34, grade: 33 },
    });
    expect(
      resultOutcome({ ...base, type: 'custom', passed: false, approval_rule: 'none' }, '40 %'),
    ).toMatchObject({ tone: 'error', descriptionKey: 'result.customThreshold' });
  });
});
