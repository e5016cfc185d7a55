import type { StatsKind } from '@ensaya/core/contracts/statistics';

/** What every statistics call of the page is about: a subject and, optionally, one kind of test. */
export interface StatisticsScope {
  subjectId: number;
  /** Absent: practice and mock exams together (wrong-answer drills only as their own kind). */
  type: StatsKind | undefined;
}

export const statisticsQueryKey = ['statistics'] as const;

export function scopeQuery(scope: StatisticsScope) {
  return { subject_id: scope.subjectId, user_test_type: scope.type };
}
