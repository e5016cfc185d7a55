import type { AdminContext, AdminQuestion } from '@ensaya/core/contracts/admin';
import type { ContextRow, QuestionRow } from './repo.ts';

const MATH_ERROR = /<span class="math-error" title="([^"]*)">/g;

function unescapeHtml(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The KaTeX messages marked in stored HTML: formulas that did not render when it was saved. */
export function renderErrorsIn(...htmls: string[]): string[] {
  return htmls.flatMap((html) =>
    [...html.matchAll(MATH_ERROR)].map((match) => unescapeHtml(match[1]!)),
  );
}

export function presentQuestion(row: QuestionRow): AdminQuestion {
  return {
    id: row.id,
    subject_id: row.subjectId,
    theme_id: row.themeId,
    theme_name: row.themeName,
    context_id: row.contextId,
    context_title: row.contextTitle,
    statement: row.statementSource,
    statement_html: row.statementHtml,
    solution: row.solutionSource,
    solution_html: row.solutionHtml,
    is_multi_choice: row.isMultiChoice,
    url_source: row.urlSource,
    stem_number: row.stemNumber,
    is_active: row.isActive,
    difficulty: row.difficulty,
    choices: row.choices.map((choice) => ({
      id: choice.id,
      body: choice.bodySource,
      body_html: choice.bodyHtml,
      is_correct: choice.isCorrect,
      position: choice.position,
    })),
    render_errors: renderErrorsIn(
      row.statementHtml,
      row.solutionHtml,
      ...row.choices.map((choice) => choice.bodyHtml),
    ),
  };
}

export function presentContext(row: ContextRow): AdminContext {
  return {
    id: row.id,
    subject_id: row.subjectId,
    title: row.title,
    body: row.bodySource,
    body_html: row.bodyHtml,
    render_errors: renderErrorsIn(row.bodyHtml),
  };
}
