import type { TestMode } from '@ensaya/core/contracts/engine';

/** Where each kind of attempt is taken (spec 001, section 2). */
export const TEST_ROUTE: Record<TestMode, string> = {
  practice: '/test',
  mock_exam: '/test/ensayo',
  historical: '/test/historial',
  wrong_answers: '/revision',
  // The first diagnostic is played on the practice route.
  diagnostic: '/test',
};

export const RESULT_ROUTE = '/resultado';

export function attemptPath(mode: TestMode, attemptId: number): string {
  return `${TEST_ROUTE[mode]}?id=${attemptId}`;
}

export function resultPath(attemptId: number): string {
  return `${RESULT_ROUTE}?id=${attemptId}`;
}

/** The pages where a test is taken (where the header may be in its test state). */
export function isTestPath(pathname: string): boolean {
  return Object.values(TEST_ROUTE).includes(pathname.replace(/\/+$/, '') || '/');
}
