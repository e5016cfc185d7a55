/**
 * The question the student is on, kept for the tab (sessionStorage) so that a reload resumes
 * there rather than at question 1.
 */
const positionKey = (attemptId: number) => `ensaya.position.${attemptId}`;

export function readPosition(attemptId: number, total: number): number {
  try {
    const stored = Number(window.sessionStorage.getItem(positionKey(attemptId)));
    return Number.isInteger(stored) && stored >= 0 && stored < total ? stored : 0;
  } catch {
    return 0;
  }
}

export function writePosition(attemptId: number, index: number): void {
  try {
    window.sessionStorage.setItem(positionKey(attemptId), String(index));
  } catch {
    // Not remembered: a reload starts at question 1.
  }
}
