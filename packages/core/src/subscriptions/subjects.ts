/**
 * The subjects of a subscription (spec 000, sections 3 and 5): a package gives `subjects_quantity`
 * subjects of its standard test, which allows at most `maxSubjects` per subscription.
 */

/**
 * A package whose quantity is not below the standard test's maximum includes every subject: the
 * wizard chooses them all for the student, and the account table says 'all'.
 */
export function includesAllSubjects(subjectsQuantity: number, maxSubjects: number): boolean {
  return subjectsQuantity >= maxSubjects;
}

/** The subject step is complete with exactly `subjectsQuantity` different subjects chosen. */
export function isSubjectChoiceComplete(
  subjectIds: readonly number[],
  subjectsQuantity: number,
): boolean {
  return new Set(subjectIds).size === subjectIds.length && subjectIds.length === subjectsQuantity;
}
