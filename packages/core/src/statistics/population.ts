// Which attempts enter the comparison with all students (the bell curve, the per-theme "all
// students" figures and the most-failed questions). The comparison is only fair between attempts
// at questions whose keys the student had not seen: an attempt built from questions the student
// has already had the keys of stays in the student's own history and statistics, not in everyone's.

export type PopulationMode =
  'practice' | 'mock_exam' | 'historical' | 'wrong_answers' | 'diagnostic';

export interface AttemptOrigin {
  mode: PopulationMode;
  /**
   * Wrong-answers tests: the student's own wrong answers, everyone's most failed questions, or the
   * student's spaced-review queue.
   */
  wrongSource?: 'own' | 'general' | 'review' | undefined;
  /** A debug user (a non-empty permissions list) sees which choices are correct while answering. */
  isDebugUser: boolean;
}

/**
 * False when the student has seen the attempt's keys before answering: a historical retake (its
 * questions are a sent attempt's, whose review shows every key and solution), a wrong-answers test
 * of the student's own mistakes (each one a question of a sent attempt, reviewed the same way), and
 * any attempt of a debug user. Also false for a drill of everyone's most failed questions: a drill
 * is its own kind of test (`statsKindOf`), chosen to be hard, and comparing it with other students'
 * practice and mock exams would be unfair; feeding it back into "most failed" would also let the
 * drill choose itself. Practice and mock exams are drawn from the bank whatever the student saw, so
 * they count (a question met again by chance counts, as it does for every student).
 */
export function countsForPopulation(origin: AttemptOrigin): boolean {
  if (origin.isDebugUser) return false;
  if (origin.mode === 'historical') return false;
  if (origin.mode === 'wrong_answers') return false;
  return true;
}
