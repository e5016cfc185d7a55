import type { AttemptResult } from '@ensaya/core/contracts/engine';
import { CUSTOM_PASS_PERCENTAGE, PAES_APPLICATION_AVERAGE } from '@ensaya/core/engine/scoring';

/**
 * What the result says about its grade, in words a student reads in five seconds:
 * - a practice shows its percentage, never "score 0", and passes at 50 % or more, said kindly;
 * - class B passes at its pass mark, and says by how many points either way;
 * - a PAES Competencia Lectora or M1 grade is set against 458, the CL + M1 average needed to apply
 *   (not a pass mark): with both tests, how far the average is from it; with one, what the other
 *   test needs;
 * - M2, Ciencias and Historia show no mark at all.
 * Keys are of the test-taking namespace.
 */
export type ResultOutcome = {
  tone: 'success' | 'warning' | 'info';
  /** The big figure and what it counts. */
  headline: { value: string; unitKey: string; unitValues: Record<string, string | number> };
  titleKey: string;
  descriptionKey: string;
  values: Record<string, string | number>;
};

type OutcomeInput = Pick<
  AttemptResult,
  | 'type'
  | 'mode'
  | 'passed'
  | 'score'
  | 'approval_grade'
  | 'approval_rule'
  | 'application_average'
  | 'correct'
  | 'total'
  | 'special_numbers'
>;

export function resultOutcome(result: OutcomeInput, percentage: string): ResultOutcome {
  // A first diagnostic is neither passed nor failed, and not taken again: a start.
  if (result.mode === 'diagnostic') {
    return {
      tone: 'info',
      headline: {
        value: percentage,
        unitKey: 'result.correctOfTotal',
        unitValues: { correct: result.correct, total: result.total },
      },
      titleKey: 'diagnostic.outcomeTitle',
      descriptionKey: 'diagnostic.outcomeHelp',
      values: { percentage },
    };
  }
  if (result.type === 'custom') {
    const passed = result.passed === true;
    return {
      tone: passed ? 'success' : 'warning',
      headline: {
        value: percentage,
        unitKey: 'result.correctOfTotal',
        unitValues: { correct: result.correct, total: result.total },
      },
      titleKey: passed ? 'result.practicePassed' : 'result.practiceNotYet',
      descriptionKey: passed ? 'result.practicePassedHelp' : 'result.practiceNotYetHelp',
      values: { percentage, pass: CUSTOM_PASS_PERCENTAGE },
    };
  }
  if (result.approval_rule === 'pass_mark') {
    const passed = result.passed === true;
    // Class B: one point per question and one more per special question answered right.
    const maximum = result.total + result.special_numbers.length;
    const margin = Math.abs(result.score - result.approval_grade);
    return {
      tone: passed ? 'success' : 'warning',
      headline: {
        value: String(result.score),
        unitKey: 'result.pointsOf',
        unitValues: { count: maximum },
      },
      titleKey: passed ? 'result.passed' : 'result.failed',
      descriptionKey: passed
        ? margin === 0
          ? 'result.passedExactly'
          : 'result.passedBy'
        : 'result.failedBy',
      values: { count: margin, score: result.score, grade: result.approval_grade },
    };
  }
  const headline = {
    value: String(result.score),
    unitKey: 'result.paesPoints',
    unitValues: { count: result.score },
  };
  if (result.approval_rule === 'application_average') {
    const minimum = result.approval_grade || PAES_APPLICATION_AVERAGE;
    const average = result.application_average;
    if (average === null) {
      return {
        tone: 'info',
        headline,
        titleKey: 'result.applicationOneTest',
        descriptionKey: 'result.applicationOneTestHelp',
        // The other test's grade that brings the average to the minimum (100 is the scale's floor).
        values: { minimum, needed: Math.max(100, 2 * minimum - result.score) },
      };
    }
    const reached = average >= minimum;
    return {
      tone: reached ? 'success' : 'info',
      headline,
      titleKey: reached ? 'result.applicationReached' : 'result.applicationGap',
      descriptionKey: 'result.applicationAverageHelp',
      values: { minimum, average, count: minimum - average },
    };
  }
  return {
    tone: 'info',
    headline,
    titleKey: 'result.noPassMarkTitle',
    descriptionKey: 'result.noPassMark',
    values: {},
  };
}
