import { describe, expect, it } from 'vitest';
import {
  choiceLetter,
  hasErrors,
  validateQuestion,
  type QuestionDraft,
} from './question-validation.ts';

const draft = (overrides: Partial<QuestionDraft> = {}): QuestionDraft => ({
  themeId: 1,
  statement: '<p>2 + 2</p>',
  solution: '<p>4</p>',
  isMultiChoice: false,
  urlSource: '',
  choices: [
    { body: '3', isCorrect: false },
    { body: '4', isCorrect: true },
  ],
  ...overrides,
});

describe('validateQuestion', () => {
  it('accepts a complete single-choice question', () => {
    expect(hasErrors(validateQuestion(draft()))).toBe(false);
  });

  it('wants exactly one key for a single-choice question', () => {
    const two = draft({
      choices: [
        { body: '3', isCorrect: true },
        { body: '4', isCorrect: true },
      ],
    });
    expect(validateQuestion(two).choices).toBe('content.singleChoiceKey');
    const none = draft({
      choices: [
        { body: '3', isCorrect: false },
        { body: '4', isCorrect: false },
      ],
    });
    expect(validateQuestion(none).choices).toBe('content.singleChoiceKey');
  });

  it('wants at least one key for a multi-choice question and accepts several', () => {
    const none = draft({
      isMultiChoice: true,
      choices: [
        { body: '3', isCorrect: false },
        { body: '4', isCorrect: false },
      ],
    });
    expect(validateQuestion(none).choices).toBe('content.multiChoiceKey');
    const two = draft({
      isMultiChoice: true,
      choices: [
        { body: '3', isCorrect: true },
        { body: '4', isCorrect: true },
      ],
    });
    expect(hasErrors(validateQuestion(two))).toBe(false);
  });

  it('wants 2 to 9 non-empty choices', () => {
    expect(validateQuestion(draft({ choices: [{ body: '4', isCorrect: true }] })).choices).toBe(
      'content.choiceCount',
    );
    const ten = Array.from({ length: 10 }, (_, i) => ({ body: String(i), isCorrect: i === 0 }));
    expect(validateQuestion(draft({ choices: ten })).choices).toBe('content.choiceCount');
    const blank = validateQuestion(
      draft({
        choices: [
          { body: ' ', isCorrect: false },
          { body: '4', isCorrect: true },
        ],
      }),
    );
    expect(blank.choiceBodies).toEqual(['editor.errors.emptyChoice', undefined]);
  });

  it('leaves the solution optional', () => {
    expect(hasErrors(validateQuestion(draft({ solution: '' })))).toBe(false);
  });

  it('wants a theme, a statement and a web address when a source is given', () => {
    const errors = validateQuestion(
      draft({ themeId: undefined, statement: '', solution: ' ', urlSource: 'javascript:alert(1)' }),
    );
    expect(errors).toMatchObject({
      theme: 'editor.errors.theme',
      statement: 'editor.errors.statement',
      urlSource: 'editor.errors.url',
    });
  });

  it('labels choices A) to I)', () => {
    expect([0, 1, 8].map(choiceLetter)).toEqual(['A', 'B', 'I']);
  });
});
