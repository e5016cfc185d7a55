import type { UserTestType } from '@ensaya/core/contracts/statistics';

/** What every statistics call of the page is about: a subject and, optionally, one test type. */
export interface StatisticsScope {
  subjectId: number;
  /** Absent: both types count. */
  type: UserTestType | undefined;
}

export const statisticsQueryKey = ['statistics'] as const;

export function scopeQuery(scope: StatisticsScope) {
  return { subject_id: scope.subjectId, user_test_type: scope.type };
}
