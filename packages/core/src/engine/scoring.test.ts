import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applicationAverage,
  gradeFor,
  PAES_APPLICATION_AVERAGE,
  questionOutcome,
  scoreAttempt,
  type ScoredQuestion,
} from './scoring.ts';
import { selectionProblem, timerProblem } from './setup.ts';

const paesTable = Array.from({ length: 66 }, (_, correct) => ({
  goodAnswersQuantity: correct,
  grade: 100 + Math.round((900 * correct) / 65),
}));
const classBTable = Array.from({ length: 39 }, (_, points) => ({
  goodAnswersQuantity: points,
  grade: points,
}));

const question = (
  position: number,
  chosen: number[],
  multi = false,
  keys = [1],
): ScoredQuestion => ({
  position,
  themeId: position % 2,
  isMultiChoice: multi,
  keyIds: keys,
  chosenIds: chosen,
});

describe('question outcome', () => {
  it('single choice: correct only when the one pick is the key', () => {
    expect(questionOutcome(question(1, [1]))).toBe('correct');
    expect(questionOutcome(question(1, [2]))).toBe('incorrect');
    expect(questionOutcome(question(1, []))).toBe('unanswered');
  });

  it('multi-choice: every key picked, wrong picks not subtracted', () => {
    expect(questionOutcome(question(1, [1, 3], true, [1, 3]))).toBe('correct');
    expect(questionOutcome(question(1, [1, 3, 4], true, [1, 3]))).toBe('correct');
    expect(questionOutcome(question(1, [1], true, [1, 3]))).toBe('incorrect');
  });
});

describe('scoring', () => {
  it('custom tests score 0 and pass at 50 %', () => {
    const rules = {
      type: 'custom' as const,
      standardTestId: 1,
      specialNumbers: [],
      gradeTable: paesTable,
      approvalGrade: 458,
    };
    const half = scoreAttempt([question(1, [1]), question(2, [2])], rules);
    expect(half).toMatchObject({ score: 0, passed: true, correct: 1, incorrect: 1 });
    expect(scoreAttempt([question(1, [1]), question(2, []), question(3, [2])], rules).passed).toBe(
      false,
    );
  });

  it('official PAES: the grade of the correct count, passing at the approval grade', () => {
    const questions = Array.from({ length: 65 }, (_, index) =>
      question(index + 1, index < 40 ? [1] : [2]),
    );
    const result = scoreAttempt(questions, {
      type: 'official',
      standardTestId: 1,
      specialNumbers: [],
      gradeTable: paesTable,
      approvalGrade: 458,
    });
    expect(result.score).toBe(100 + Math.round((900 * 40) / 65));
    expect(result.passed).toBe(result.score >= 458);
    expect(result.themes.reduce((acc, theme) => acc + theme.correct, 0)).toBe(40);
  });

  it('class B: 33 points pass; a correct special question is worth two', () => {
    const questions = Array.from({ length: 35 }, (_, index) =>
      question(index + 1, index < 31 ? [1] : [2]),
    );
    const rules = {
      type: 'official' as const,
      standardTestId: 2,
      gradeTable: classBTable,
      approvalGrade: 33,
    };
    expect(scoreAttempt(questions, { ...rules, specialNumbers: [1, 2, 35] })).toMatchObject({
      points: 33,
      score: 33,
      passed: true,
    });
    expect(scoreAttempt(questions, { ...rules, specialNumbers: [33, 34, 35] })).toMatchObject({
      points: 31,
      passed: false,
    });
  });

  it('PAES with pilot questions: graded on the scored ones, pilots kept for the question stats', () => {
    const pilots = new Set([3, 17, 30, 44, 60]);
    // Every question right except the pilots, which are all wrong: the scored count is 60 of 60.
    const questions = Array.from({ length: 65 }, (_, index) => ({
      ...question(index + 1, pilots.has(index + 1) ? [2] : [1]),
      isPilot: pilots.has(index + 1),
    }));
    const table = Array.from({ length: 61 }, (_, correct) => ({
      goodAnswersQuantity: correct,
      grade: 100 + 15 * correct,
    }));
    const result = scoreAttempt(questions, {
      type: 'official',
      standardTestId: 1,
      specialNumbers: [],
      gradeTable: table,
      approvalGrade: PAES_APPLICATION_AVERAGE,
      approvalRule: 'application_average',
    });
    expect(result).toMatchObject({ total: 60, pilot: 5, correct: 60, incorrect: 0, score: 1000 });
    expect(result.outcomes).toHaveLength(65);
    expect(result.outcomes.filter((outcome) => outcome.outcome === 'incorrect')).toHaveLength(5);
    expect(result.themes.reduce((acc, theme) => acc + theme.incorrect, 0)).toBe(0);
    // 458 is not a pass mark: no pass or fail.
    expect(result.passed).toBeNull();
  });

  it('M2, Ciencias and Historia have no pass mark; class B keeps its own', () => {
    const questions = [question(1, [1])];
    const rules = {
      type: 'official' as const,
      standardTestId: 1,
      specialNumbers: [],
      gradeTable: paesTable,
      approvalGrade: 0,
    };
    expect(scoreAttempt(questions, { ...rules, approvalRule: 'none' }).passed).toBeNull();
    expect(scoreAttempt(questions, { ...rules, approvalRule: 'pass_mark' }).passed).toBe(true);
  });

  it('the application average needs a grade of each test', () => {
    expect(applicationAverage([500], 2)).toBeNull();
    expect(applicationAverage([500, 417], 2)).toBe(459);
    expect(applicationAverage([], 0)).toBeNull();
  });

  it('uses the nearest lower row of a table with gaps', () => {
    expect(
      gradeFor(5, [
        { goodAnswersQuantity: 0, grade: 100 },
        { goodAnswersQuantity: 4, grade: 300 },
      ]),
    ).toBe(300);
    expect(gradeFor(5, [])).toBe(0);
  });

  it('counts add up, and the score never drops when a wrong answer becomes right', () => {
    const answerArb = fc.constantFrom<'right' | 'wrong' | 'none'>('right', 'wrong', 'none');
    fc.assert(
      fc.property(
        fc.array(answerArb, { minLength: 1, maxLength: 35 }),
        fc.constantFrom(1, 2),
        fc.constantFrom<'custom' | 'official'>('custom', 'official'),
        fc.uniqueArray(fc.integer({ min: 1, max: 35 }), { minLength: 3, maxLength: 3 }),
        fc.nat(),
        (answers, standardTestId, type, specialNumbers, flip) => {
          const build = (list: typeof answers) =>
            list.map((answer, index) =>
              question(index + 1, answer === 'right' ? [1] : answer === 'wrong' ? [2] : []),
            );
          const rules = {
            type,
            standardTestId,
            specialNumbers,
            gradeTable: standardTestId === 2 ? classBTable : paesTable,
            approvalGrade: standardTestId === 2 ? 33 : 458,
          };
          const before = scoreAttempt(build(answers), rules);
          expect(before.correct + before.incorrect + before.unanswered).toBe(answers.length);
          const themeTotal = before.themes.reduce(
            (acc, theme) => acc + theme.correct + theme.incorrect + theme.unanswered,
            0,
          );
          expect(themeTotal).toBe(answers.length);
          const wrongIndexes = answers.flatMap((answer, index) =>
            answer === 'wrong' ? [index] : [],
          );
          if (wrongIndexes.length === 0) return;
          const changed = [...answers];
          changed[wrongIndexes[flip % wrongIndexes.length]!] = 'right';
          const after = scoreAttempt(build(changed), rules);
          expect(after.score).toBeGreaterThanOrEqual(before.score);
          expect(after.correct).toBe(before.correct + 1);
          if (before.passed) expect(after.passed).toBe(true);
        },
      ),
    );
  });
});

describe('setup rules', () => {
  it('gives the spec messages', () => {
    expect(selectionProblem({ value: 2, limit: 0 })?.message).toBe('engine.quantityRequired');
    expect(selectionProblem({ value: 3, from: 0, to: 3 })?.message).toBe('engine.rangeRequired');
    expect(selectionProblem({ value: 3, from: 4, to: 3 })?.message).toBe('engine.rangeInvalid');
    expect(selectionProblem({ value: 4, themes: [] })?.message).toBe('engine.themeRequired');
    expect(selectionProblem({ value: 1 })).toBeUndefined();
    expect(timerProblem({ hours: 0, minutes: 0 })).toBe('engine.timeRequired');
    expect(timerProblem({ hours: 13, minutes: 0 })).toBe('engine.timerHours');
    expect(timerProblem({ hours: 0, minutes: 61 })).toBe('engine.timerMinutes');
    expect(timerProblem({ hours: 12, minutes: 60 })).toBeUndefined();
  });
});
