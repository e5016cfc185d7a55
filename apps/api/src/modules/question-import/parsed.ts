import { choiceKeyProblem } from '@ensaya/core/content/choice-keys';
import type { Message } from '../../lib/app-error.ts';

// What every import format is read into before anything is saved.

export type ParsedQuestion = {
  /** 1-based position among the file's questions. */
  index: number;
  /** Line where the question starts, when the format has lines worth naming. */
  line: number | null;
  /** Theme name: a category's last segment (Moodle, GIFT) or the exported theme (JSON). */
  themeName: string | null;
  contextKey: string | null;
  statement: string;
  solution: string;
  isMultiChoice: boolean;
  urlSource: string | null;
  isActive: boolean;
  choices: Array<{ body: string; isCorrect: boolean }>;
};

export type ParseProblem = { index: number; line: number | null; problem: Message };

export type ParsedFile = {
  questions: ParsedQuestion[];
  contexts: Array<{ key: string; title: string; body: string }>;
  problems: ParseProblem[];
};

/** A file refused as a whole for a reason worth naming (not merely unreadable). */
export class FileRefused extends Error {
  readonly reason: Message;
  constructor(reason: Message) {
    super(reason.key);
    this.reason = reason;
  }
}

/** The problem of a question's answers in import words, or undefined when they are fine. */
export function answerProblem(
  question: Pick<ParsedQuestion, 'choices' | 'isMultiChoice'>,
): Message | undefined {
  const problem = choiceKeyProblem(question.choices, question.isMultiChoice);
  if (problem === 'choiceCount') return { key: 'import.choiceCount' };
  if (problem === 'multiChoiceKey') return { key: 'import.noCorrect' };
  if (problem === 'singleChoiceKey') {
    return question.choices.some((choice) => choice.isCorrect)
      ? { key: 'import.manyCorrect' }
      : { key: 'import.noCorrect' };
  }
  return undefined;
}

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** Moodle writes display math as `$$...$$`; ours is `\[...\]`. */
export function normalizeTex(text: string): string {
  return text.replace(/\$\$([\s\S]+?)\$\$/g, (_match, tex: string) => `\\[${tex}\\]`);
}

/** The last segment of a category path (`$course$/top/Geometría` -> `Geometría`). */
export function categoryTheme(path: string): string | null {
  const segment = path
    .split('/')
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  return segment && !/^\$\w+\$$/.test(segment) && segment !== 'top' ? segment : null;
}
