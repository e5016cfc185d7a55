import { choiceKeyProblem } from '@ensaya/core/content/choice-keys';
import type { Difficulty } from '@ensaya/core/engine/difficulty';
import type { Message } from '../../../lib/app-error.ts';
import { svgWithoutAlternative } from '../bank/render-rich-text.ts';

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
  /** 1 easy, 2 medium, 3 hard, when the file says (the `json` bank format); otherwise medium. */
  difficulty?: Difficulty | undefined;
  choices: Array<{ body: string; isCorrect: boolean }>;
} & QuestionExtras;

export type ParseProblem = {
  index: number;
  line: number | null;
  problem: Message;
  /** The question's type as the file names it (`multichoice`, `essay`, `shortanswer`...). */
  type?: string;
};

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

/** A figure (`<svg>`) without its text alternative, in any text of the question. */
export function figureProblem(
  question: Pick<ParsedQuestion, 'statement' | 'solution' | 'choices'>,
): Message | undefined {
  const texts = [question.statement, question.solution, ...question.choices.map((c) => c.body)];
  return texts.some(svgWithoutAlternative) ? { key: 'import.figureText' } : undefined;
}

/**
 * The problem of a question's figures or answers in import words, or undefined when they are fine.
 */
export function answerProblem(
  question: Pick<ParsedQuestion, 'choices' | 'isMultiChoice'> &
    Partial<Pick<ParsedQuestion, 'statement' | 'solution'>>,
): Message | undefined {
  const figure = figureProblem({
    statement: question.statement ?? '',
    solution: question.solution ?? '',
    choices: question.choices,
  });
  if (figure) return figure;
  if (question.choices.some((choice) => isBlankHtml(choice.body)))
    return { key: 'import.emptyChoice' };
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

/**
 * The segments of a Moodle category path: `/` separates them, `//` is a slash inside a name
 * (`$course$/top/Física//Química` -> `$course$`, `top`, `Física/Química`).
 */
export function categorySegments(path: string): string[] {
  return path
    .split(/(?<!\/)\/(?!\/)/)
    .map((part) => part.replaceAll('//', '/').trim())
    .filter(Boolean);
}

/** A name as one segment of a Moodle category path (`/` doubled). */
export function categorySegment(name: string): string {
  return name.replaceAll('/', '//');
}

/** The last segment of a category path (`$course$/top/Geometría` -> `Geometría`). */
export function categoryTheme(path: string): string | null {
  const segment = categorySegments(path).at(-1);
  return segment && !/^\$\w+\$$/.test(segment) && segment !== 'top' ? segment : null;
}

// --- Shared by the Moodle XML and GIFT readers -------------------------------------------------

/** An image embedded in a Moodle file, referenced from a text as `@@PLUGINFILE@@/<name>`. */
export type EmbeddedFile = { name: string; data: string };

/** What a question read from Moodle XML or GIFT carries besides the common fields. */
export type QuestionExtras = {
  /** Embedded files its texts reference, by the (decoded) name the texts use. */
  files?: Map<string, EmbeddedFile>;
  /** What the reader simplified (shown in the preview), e.g. partial credit. */
  notes?: Message[];
};

/** Moodle's file reference in a text; the name is URL-encoded and ends at a quote or space. */
export const PLUGINFILE = /@@PLUGINFILE@@\/([^"'\s<>?#]+)/g;

/** The names of the files a text references, decoded. */
export function referencedFiles(html: string): string[] {
  return [...html.matchAll(PLUGINFILE)].map((match) => {
    try {
      return decodeURIComponent(match[1]!);
    } catch {
      return match[1]!;
    }
  });
}

/** An answer as a Moodle reader sees it: its credit in percent, and for GIFT whether it was `=`. */
export type CreditedAnswer = { body: string; fraction: number; isFull?: boolean };

/**
 * Moodle's credit rules, one for both readers. A single-answer question's key is the answer with
 * full credit (100 %, or GIFT's `=`); an answer with partial credit is not a second key, and the
 * preview says so. A multiple-answer question's keys are its answers with positive credit.
 */
export function creditToChoices(
  answers: CreditedAnswer[],
  isMultiChoice: boolean,
): { choices: Array<{ body: string; isCorrect: boolean }>; notes: Message[] } {
  const notes: Message[] = [];
  const choices = answers.map((answer) => {
    const full = answer.isFull === true || answer.fraction >= 99.999;
    if (isMultiChoice) return { body: answer.body, isCorrect: answer.fraction > 0 || full };
    if (!full && answer.fraction > 0)
      notes.push({
        key: 'import.notePartialCredit',
        params: { credit: `${Math.round(answer.fraction * 100) / 100}%` },
      });
    return { body: answer.body, isCorrect: full };
  });
  return { choices, notes };
}

/**
 * Text in one of Moodle's formats to our HTML: `html` stays as it is; `auto` (Moodle's
 * auto-format, GIFT's `[moodle]` and `[markdown]`) keeps simple tags like `<sub>` and escapes the
 * rest; `plain` escapes everything. Non-HTML text becomes one paragraph, line breaks kept.
 */
export function formattedText(raw: string, format: 'html' | 'auto' | 'plain'): string {
  const text = normalizeTex(raw.trim());
  if (!text) return '';
  if (format === 'html') return text;
  let escaped = escapeHtml(text);
  if (format === 'auto')
    escaped = escaped.replace(
      /&lt;(\/?)(sub|sup|b|i|strong|em|u|br)\s*(\/?)&gt;/gi,
      (_match, close: string, tag: string) => `<${close}${tag.toLowerCase()}>`,
    );
  return `<p>${escaped.replaceAll('\n', '<br>')}</p>`;
}

/** Whether a text shows nothing: no words, no formula, no image or figure. */
export function isBlankHtml(html: string): boolean {
  if (/<(img|svg)\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() === ''
  );
}
