// Wrong-answers tests: three kinds, each with its own name and a sensible size.

/** Which questions a wrong-answers test holds: spaced review, own mistakes, or everyone's. */
export const WRONG_SOURCES = ['own', 'general', 'review'] as const;
export type WrongSource = (typeof WRONG_SOURCES)[number];

/** `own` and `general`: the questions in a set unless the student asks for more. */
export const WRONG_ANSWERS_SET = 20;

/** The most questions a student may ask for in one `own` or `general` set. */
export const WRONG_ANSWERS_MAX = 100;
