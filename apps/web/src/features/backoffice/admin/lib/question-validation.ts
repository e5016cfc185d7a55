import { choiceKeyProblem } from '@ensaya/core/content/choice-keys';
import type { MessageKey } from '@ensaya/core/i18n/messages';
import '../../../../lib/core-messages-full.ts';

export { MAX_CHOICES, MIN_CHOICES } from '@ensaya/core/content/choice-keys';

/**
 * The question editor's checks before it asks the server. The answer key is core's rule (2 to 9
 * choices; exactly one key for single choice, at least one for multi choice), the one the API
 * applies, with the catalogue's message; the server has the last word on everything.
 */

export interface QuestionDraft {
  themeId: number | undefined;
  statement: string;
  solution: string;
  isMultiChoice: boolean;
  urlSource: string;
  choices: { body: string; isCorrect: boolean }[];
}

export interface QuestionDraftErrors {
  /** Keys of the `admin` namespace. */
  theme?: string;
  statement?: string;
  urlSource?: string;
  /** About the choices as a whole (their number or their key): a key of core's catalogue. */
  choices?: MessageKey;
  /** Per choice, by position: keys of the `admin` namespace. */
  choiceBodies: (string | undefined)[];
}

/** A) to I): the label of the choice at `index`. */
export function choiceLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function validateQuestion(draft: QuestionDraft): QuestionDraftErrors {
  const errors: QuestionDraftErrors = {
    choiceBodies: draft.choices.map((choice) =>
      choice.body.trim() === '' ? 'editor.errors.emptyChoice' : undefined,
    ),
  };
  if (draft.themeId === undefined) errors.theme = 'editor.errors.theme';
  if (draft.statement.trim() === '') errors.statement = 'editor.errors.statement';
  const url = draft.urlSource.trim();
  if (url !== '' && !isWebAddress(url)) errors.urlSource = 'editor.errors.url';
  const problem = choiceKeyProblem(draft.choices, draft.isMultiChoice);
  if (problem) errors.choices = `content.${problem}`;
  return errors;
}

export function hasErrors(errors: QuestionDraftErrors): boolean {
  const { choiceBodies, ...rest } = errors;
  return Object.values(rest).some(Boolean) || choiceBodies.some(Boolean);
}
