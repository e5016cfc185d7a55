import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';
import { useQuestionPreview } from '../api/preview-question.ts';
import type { QuestionPreviewInput } from '../api/types.ts';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';
import { choiceLetter } from '../lib/question-validation.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { ServerHtml } from './server-html.tsx';

/** Typing pauses this long before the server renders the preview. */
export const PREVIEW_DELAY_MS = 400;

/**
 * The question as students will see it, rendered by the server (`POST /api/admin/questions/preview`:
 * KaTeX, then the sanitizer) a moment after the author stops typing, with the TeX errors it found.
 */
export function QuestionPreviewPanel({
  input,
  correct,
}: {
  input: QuestionPreviewInput;
  correct: boolean[];
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  // Debounced as a string: a new object each render would restart the timer for ever.
  const source = useDebouncedValue(JSON.stringify(input), PREVIEW_DELAY_MS);
  const debounced = JSON.parse(source) as QuestionPreviewInput;
  const isEmpty = debounced.statement.trim() === '';
  const preview = useQuestionPreview(isEmpty ? undefined : debounced);

  return (
    <aside className="question-preview" aria-labelledby="question-preview-title">
      <h2 id="question-preview-title" className="question-preview__title">
        {t('editor.preview')}
        {preview.isFetching && (
          <span className="question-preview__status" role="status">
            {t('editor.previewLoading')}
          </span>
        )}
      </h2>
      {isEmpty && <p className="question-preview__empty">{t('editor.previewEmpty')}</p>}
      {!isEmpty && preview.isError && <Alert type="error" title={preview.error.message} showIcon />}
      {!isEmpty && preview.data && (
        <div data-testid="question-preview">
          {preview.data.render_errors.length > 0 && (
            <Alert
              type="warning"
              showIcon
              role="alert"
              className="question-preview__errors"
              title={t('editor.renderErrors')}
              description={
                <ul>
                  {preview.data.render_errors.map((error) => (
                    <li key={error}>{error}</li>
                  ))}
                </ul>
              }
            />
          )}
          <ServerHtml className="question-preview__statement" html={preview.data.statement_html} />
          <ol className="question-preview__choices">
            {preview.data.choices_html.map((html, index) => (
              <li
                key={index}
                className={
                  correct[index]
                    ? 'question-preview__choice question-preview__choice--correct'
                    : 'question-preview__choice'
                }
              >
                <span className="question-preview__letter">{choiceLetter(index)})</span>
                <ServerHtml as="span" html={html} />
              </li>
            ))}
          </ol>
          {preview.data.solution_html.trim() !== '' && (
            <>
              <h3 className="question-preview__subtitle">{t('editor.previewSolution')}</h3>
              <ServerHtml
                className="question-preview__solution"
                html={preview.data.solution_html}
              />
            </>
          )}
        </div>
      )}
    </aside>
  );
}
