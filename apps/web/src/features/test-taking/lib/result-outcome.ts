import type { AttemptResult } from '@ensaya/core/contracts/engine';
import { CUSTOM_PASS_PERCENTAGE } from '@ensaya/core/engine/scoring';

/**
 * What the result says about its grade (issue 15): a practice passes at 50 %; class B passes at its
 * pass mark; a PAES Competencia Lectora or M1 grade is set against 458, the CL + M1 average needed
 * to apply (not a pass mark), with the student's average once both exist; M2, Ciencias and
 * Historia show no mark at all. Returns an i18n key of the test-taking namespace and its values.
 */
export type ResultOutcome = {
  tone: 'success' | 'error' | 'info';
  titleKey: string;
  descriptionKey: string;
  values: Record<string, string | number>;
};

export function resultOutcome(
  result: Pick<
    AttemptResult,
    'type' | 'passed' | 'score' | 'approval_grade' | 'approval_rule' | 'application_average'
  >,
  percentage: string,
): ResultOutcome {
  if (result.type === 'custom' || result.approval_rule === 'pass_mark') {
    const passed = result.passed === true;
    return {
      tone: passed ? 'success' : 'error',
      titleKey: passed ? 'result.passed' : 'result.failed',
      descriptionKey:
        result.type === 'custom' ? 'result.customThreshold' : 'result.officialThreshold',
      values:
        result.type === 'custom'
          ? { percentage, pass: CUSTOM_PASS_PERCENTAGE }
          : { count: result.score, grade: result.approval_grade },
    };
  }
  if (result.approval_rule === 'application_average') {
    return {
      tone: 'info',
      titleKey: 'result.scaleScore',
      descriptionKey:
        result.application_average === null
          ? 'result.applicationMinimum'
          : 'result.applicationAverage',
      values: {
        count: result.score,
        minimum: result.approval_grade,
        average: result.application_average ?? 0,
      },
    };
  }
  return {
    tone: 'info',
    titleKey: 'result.scaleScore',
    descriptionKey: 'result.noPassMark',
    values: { count: result.score },
  };
}
