import type { SubjectCard } from '@ensaya/core/contracts/engine';
import { controlFor } from './control-for.ts';
import { writeControl } from './control-context.ts';

/** `/revision` starting a review session: a wrong-answers test of the subject's cards due today. */
export const REVIEW_ROUTE = '/revision?source=review';

/** Chooses the subject for a review session (the control context); then go to `REVIEW_ROUTE`. */
export function chooseReviewSubject(card: SubjectCard): void {
  writeControl({ ...controlFor(card), wrongSource: 'review' });
}
