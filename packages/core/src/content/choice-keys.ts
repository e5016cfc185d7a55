// The answer key of a question (spec 001, sections 3 and 9): 2 to 9 choices (labels A to I); a
// single-choice question has exactly one correct choice, a multi-choice question at least one (it
// is answered right only when every correct choice, and nothing else, is picked).

export const MIN_CHOICES = 2;
export const MAX_CHOICES = 9;

export type ChoiceKeyProblem = 'choiceCount' | 'singleChoiceKey' | 'multiChoiceKey';

/** What is wrong with a question's choices, or undefined when the key is valid. */
export function choiceKeyProblem(
  choices: ReadonlyArray<{ isCorrect: boolean }>,
  isMultiChoice: boolean,
): ChoiceKeyProblem | undefined {
  if (choices.length < MIN_CHOICES || choices.length > MAX_CHOICES) return 'choiceCount';
  const correct = choices.filter((choice) => choice.isCorrect).length;
  if (isMultiChoice) return correct >= 1 ? undefined : 'multiChoiceKey';
  return correct === 1 ? undefined : 'singleChoiceKey';
}
