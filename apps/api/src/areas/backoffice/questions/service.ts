import type {
  AdminQuestionCreate,
  AdminQuestionPatch,
  AdminQuestionPreviewRequest,
  AdminQuestionQuery,
} from '@ensaya/core/contracts/admin';
import type { Db } from '../../../db/client.ts';
import { fieldError, notFound } from '../../../lib/app-error.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { pageMeta, pageOf } from '../../../lib/admin-pages.ts';
import {
  presentQuestion,
  bankQuestions as questions,
  renderRichText,
  bankRepo as repo,
} from '../../content/index.ts';

export async function listQuestions(db: Db, query: AdminQuestionQuery) {
  const { ids, total } = await repo.listQuestionIds(
    db,
    {
      subjectId: query.subject_id,
      themeId: query.theme_id,
      contextId: query.context_id,
      isActive: query.is_active,
      search: query.search,
    },
    pageOf(query),
  );
  const rows = await repo.loadQuestions(db, ids);
  return { data: rows.map(presentQuestion), meta: pageMeta(query, total) };
}

export async function getQuestion(db: Db, id: number) {
  const [row] = await repo.loadQuestions(db, [id]);
  if (!row) throw notFound();
  return presentQuestion(row);
}

function toInput(body: AdminQuestionPatch): Partial<questions.QuestionInput> {
  return {
    themeId: body.theme_id,
    contextId: body.context_id,
    statement: body.statement,
    solution: body.solution,
    isMultiChoice: body.is_multi_choice,
    urlSource: body.url_source,
    stemNumber: body.stem_number,
    isActive: body.is_active,
    difficulty: body.difficulty,
    choices: body.choices?.map((choice) => ({ body: choice.body, isCorrect: choice.is_correct })),
  };
}

/** A stem number another question of the subject holds is the caller's mistake: 422. */
async function numbered<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error, 'stems_subject_id_stem_number_unique'))
      throw fieldError('stem_number', 'content.stemNumberTaken');
    throw error;
  }
}

export async function createQuestion(db: Db, body: AdminQuestionCreate) {
  const input = toInput(body) as questions.QuestionInput;
  const row = await numbered(() =>
    db.transaction((tx) =>
      questions.createQuestion(tx, {
        ...input,
        contextId: input.contextId ?? null,
        urlSource: input.urlSource ?? null,
        isActive: input.isActive ?? true,
      }),
    ),
  );
  return presentQuestion(row);
}

export async function updateQuestion(db: Db, id: number, body: AdminQuestionPatch) {
  const row = await numbered(() =>
    db.transaction((tx) => questions.updateQuestion(tx, id, toInput(body))),
  );
  return presentQuestion(row);
}

export function deleteQuestion(db: Db, id: number) {
  return db.transaction((tx) => questions.deleteQuestion(tx, id));
}

/** The editor's live preview: renders, saves nothing. */
export function previewQuestion(body: AdminQuestionPreviewRequest) {
  const statement = renderRichText(body.statement);
  const solution = renderRichText(body.solution);
  const choices = body.choices.map((choice) => renderRichText(choice.body));
  return {
    statement_html: statement.html,
    solution_html: solution.html,
    choices_html: choices.map((choice) => choice.html),
    render_errors: [statement, solution, ...choices].flatMap((rendered) => rendered.errors),
  };
}
