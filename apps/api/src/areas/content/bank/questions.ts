import { choiceKeyProblem } from '@ensaya/core/content/choice-keys';
import type { Difficulty } from '@ensaya/core/engine/difficulty';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError, fieldError, notFound } from '../../../lib/app-error.ts';
import { renderRichText, svgWithoutAlternative } from './render-rich-text.ts';
import * as repo from './repo.ts';

// Saving questions and contexts: every rich-text field is rendered and sanitized here, once, and
// stored beside its source. The back office, the importer and the demo seed all save through here.

export type QuestionInput = {
  themeId: number;
  contextId: number | null;
  statement: string;
  solution: string;
  isMultiChoice: boolean;
  urlSource: string | null;
  stemNumber?: number | undefined;
  isActive: boolean;
  /** 1 easy, 2 medium, 3 hard; when absent, a new question is medium and an edit keeps it. */
  difficulty?: Difficulty | undefined;
  choices: Array<{ body: string; isCorrect: boolean }>;
};

/** A question ready to insert: sources with their rendered HTML (the subject's and numbering aside). */
export function renderQuestion(input: QuestionInput) {
  const statement = renderRichText(input.statement);
  const solution = renderRichText(input.solution);
  const choices = input.choices.map((choice) => ({
    choice,
    rendered: renderRichText(choice.body),
  }));
  return {
    stem: {
      themeId: input.themeId,
      contextId: input.contextId,
      statementSource: input.statement,
      statementHtml: statement.html,
      solutionSource: input.solution,
      solutionHtml: solution.html,
      isMultiChoice: input.isMultiChoice,
      urlSource: input.urlSource,
      isActive: input.isActive,
      ...(input.difficulty === undefined ? {} : { difficulty: input.difficulty }),
    },
    choices: choices.map(({ choice, rendered }) => ({
      bodySource: choice.body,
      bodyHtml: rendered.html,
      isCorrect: choice.isCorrect,
    })),
    errors: [statement, solution, ...choices.map(({ rendered }) => rendered)].flatMap(
      (rendered) => rendered.errors,
    ),
  };
}

export function renderContext(input: { title: string; body: string }) {
  const body = renderRichText(input.body);
  return { title: input.title, bodySource: input.body, bodyHtml: body.html };
}

/** The question's theme (which gives its subject) and context, checked to belong together. */
async function placeQuestion(db: DbOrTx, themeId: number, contextId: number | null) {
  const theme = await repo.findTheme(db, themeId);
  if (!theme) throw fieldError('theme_id', 'content.themeUnknown');
  if (contextId !== null) {
    const context = await repo.findContext(db, contextId);
    if (!context || context.subjectId !== theme.subjectId)
      throw fieldError('context_id', 'content.contextSubject');
  }
  return theme.subjectId;
}

function checkKey(
  input: Pick<QuestionInput, 'choices' | 'isMultiChoice' | 'statement' | 'solution'>,
) {
  const problem = choiceKeyProblem(input.choices, input.isMultiChoice);
  if (problem) throw fieldError('choices', `content.${problem}`);
  // A figure without its text alternative is refused rather than silently dropped on save.
  if (svgWithoutAlternative(input.statement)) throw fieldError('statement', 'content.figureText');
  if (svgWithoutAlternative(input.solution)) throw fieldError('solution', 'content.figureText');
  if (input.choices.some((choice) => svgWithoutAlternative(choice.body)))
    throw fieldError('choices', 'content.figureText');
}

export async function createQuestion(db: DbOrTx, input: QuestionInput): Promise<repo.QuestionRow> {
  checkKey(input);
  const subjectId = await placeQuestion(db, input.themeId, input.contextId);
  const { stem, choices } = renderQuestion(input);
  const stemNumber = input.stemNumber ?? (await repo.nextStemNumber(db, subjectId));
  const [id] = await repo.insertQuestions(db, [
    { stem: { ...stem, subjectId, stemNumber }, choices },
  ]);
  return (await repo.loadQuestions(db, [id!]))[0]!;
}

/** Applies a patch to a question; the result is checked as a whole (key, theme, context). */
export async function updateQuestion(
  db: DbOrTx,
  id: number,
  patch: Partial<QuestionInput>,
): Promise<repo.QuestionRow> {
  const [current] = await repo.loadQuestions(db, [id]);
  if (!current) throw notFound();
  const merged: QuestionInput = {
    themeId: patch.themeId ?? current.themeId,
    contextId: patch.contextId !== undefined ? patch.contextId : current.contextId,
    statement: patch.statement ?? current.statementSource,
    solution: patch.solution ?? current.solutionSource,
    isMultiChoice: patch.isMultiChoice ?? current.isMultiChoice,
    urlSource: patch.urlSource !== undefined ? patch.urlSource : current.urlSource,
    stemNumber: patch.stemNumber ?? current.stemNumber,
    isActive: patch.isActive ?? current.isActive,
    difficulty: patch.difficulty ?? (current.difficulty as Difficulty),
    choices:
      patch.choices ??
      current.choices.map((choice) => ({ body: choice.bodySource, isCorrect: choice.isCorrect })),
  };
  checkKey(merged);
  const subjectId = await placeQuestion(db, merged.themeId, merged.contextId);
  // A question stays in its subject: its number, attempts and statistics belong there.
  if (subjectId !== current.subjectId) throw fieldError('theme_id', 'content.themeUnknown');
  const { stem, choices } = renderQuestion(merged);
  await repo.updateStem(db, id, { ...stem, subjectId, stemNumber: merged.stemNumber! });
  await repo.replaceChoices(db, id, choices);
  return (await repo.loadQuestions(db, [id]))[0]!;
}

/** Deletes a question that no attempt has used; a used one answers 409 (deactivate it). */
export async function deleteQuestion(db: DbOrTx, id: number): Promise<void> {
  if (await repo.isStemUsed(db, id)) throw new AppError(409, 'content.questionInUse');
  if (!(await repo.deleteStem(db, id))) throw notFound();
}

export type BankInput = {
  contexts: Array<{ key: string; title: string; body: string }>;
  questions: Array<Omit<QuestionInput, 'contextId' | 'stemNumber'> & { contextKey: string | null }>;
};

const CHUNK = 100;

/**
 * Adds a bank of questions and contexts to a subject (import, demo seed): contexts first, then the
 * questions numbered after the subject's last stem_number, in order. Themes are already checked to
 * belong to the subject and keys to be valid. Returns how many questions were created.
 */
export async function insertBank(db: DbOrTx, subjectId: number, bank: BankInput): Promise<number> {
  const contextRows = await repo.insertContexts(
    db,
    bank.contexts.map((context) => ({ subjectId, ...renderContext(context) })),
  );
  const contextIds = new Map(bank.contexts.map((context, i) => [context.key, contextRows[i]!.id]));
  const first = await repo.nextStemNumber(db, subjectId);
  const rows = bank.questions.map((question, i) => {
    const contextId = question.contextKey === null ? null : contextIds.get(question.contextKey);
    if (contextId === undefined) throw new Error(`unknown context ${question.contextKey}`);
    const { stem, choices } = renderQuestion({ ...question, contextId });
    return { stem: { ...stem, subjectId, stemNumber: first + i }, choices };
  });
  for (let start = 0; start < rows.length; start += CHUNK) {
    await repo.insertQuestions(db, rows.slice(start, start + CHUNK));
  }
  return rows.length;
}
