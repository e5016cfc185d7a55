import { describe, expect, it } from 'vitest';
import { includesAllSubjects, isSubjectChoiceComplete } from './subjects.ts';

describe('includesAllSubjects', () => {
  it('is true when the quantity reaches the maximum, false below it', () => {
    expect(includesAllSubjects(5, 5)).toBe(true);
    expect(includesAllSubjects(6, 5)).toBe(true);
    expect(includesAllSubjects(2, 5)).toBe(false);
  });
});

describe('isSubjectChoiceComplete', () => {
  it('needs exactly the quantity, each subject once', () => {
    expect(isSubjectChoiceComplete([3, 4], 2)).toBe(true);
    expect(isSubjectChoiceComplete([3], 2)).toBe(false);
    expect(isSubjectChoiceComplete([3, 4, 5], 2)).toBe(false);
    expect(isSubjectChoiceComplete([3, 3], 2)).toBe(false);
  });
});
