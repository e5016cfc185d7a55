import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import { FormField } from '../../../../components/form-field.tsx';
import { isApiRequestError, showApiError } from '../../../../lib/api-client.ts';
import { exportSubject, type ExportFormat } from '../api/export-subject.ts';
import {
  useImportQuestions,
  usePreviewImport,
  type ImportRequest,
} from '../api/import-questions.ts';
import type { ImportFormat, ImportPreview, ImportProblem } from '../api/types.ts';
import { ServerHtml } from '../components/server-html.tsx';
import { SubjectSelect, ThemeSelect } from '../components/reference-selects.tsx';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';
import { choiceLetter } from '../lib/question-validation.ts';

const FORMATS: readonly ImportFormat[] = ['moodle', 'gift', 'json'];
const ACCEPT: Record<ImportFormat, string> = {
  moodle: '.xml,application/xml,text/xml',
  gift: '.gift,.txt,text/plain',
  json: '.json,application/json',
};

type Outcome =
  | { kind: 'preview'; preview: ImportPreview }
  | { kind: 'problems'; message: string; problems: string[] }
  | { kind: 'created'; count: number; skipped: ImportProblem[] };

/** Each problem with its line and the question's type, as the server names them. */
function ProblemList({ problems }: { problems: ImportProblem[] }) {
  return (
    <ul className="import-problems">
      {problems.map((problem) => (
        <li key={problem.index}>
          <Tag>{problem.kind}</Tag> {problem.message}
        </li>
      ))}
    </ul>
  );
}

function PreviewList({
  preview,
  onPage,
  onSkip,
  isBusy,
}: {
  preview: ImportPreview;
  onPage: (page: number) => void;
  onSkip: () => void;
  isBusy: boolean;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { summary, problems } = preview;
  const refused = summary.unsupported + summary.with_problems;
  const pages = Math.max(1, Math.ceil(summary.importable / preview.page_size));
  return (
    <section className="import-preview" aria-labelledby="import-preview-title">
      <h3 id="import-preview-title">
        {t('importExport.wouldCreate', { count: summary.importable })}
        {preview.contexts > 0 &&
          ` ${t('importExport.wouldCreateContexts', { count: preview.contexts })}`}
      </h3>
      <p>
        {t('importExport.summary', {
          total: summary.total,
          importable: summary.importable,
          unsupported: summary.unsupported,
          problems: summary.with_problems,
        })}
      </p>
      {summary.encoding_note && <Alert type="warning" showIcon title={summary.encoding_note} />}
      {refused > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('importExport.skipTitle', { count: refused })}
          description={
            <>
              <ProblemList problems={problems} />
              {refused > problems.length && (
                <p>{t('importExport.moreProblems', { count: refused - problems.length })}</p>
              )}
              {summary.importable > 0 && (
                <Button loading={isBusy} onClick={onSkip}>
                  {t('importExport.skip', { count: refused })}
                </Button>
              )}
            </>
          }
        />
      )}
      <ol className="import-preview__list">
        {preview.questions.map((question) => (
          <li key={question.index} className="import-preview__item">
            <div className="import-preview__meta">
              <Tag>{t('importExport.index', { n: question.index })}</Tag>
              {question.line !== null && (
                <Tag>{t('importExport.line', { line: question.line })}</Tag>
              )}
              {question.theme_name && <Tag color="blue">{question.theme_name}</Tag>}
              {question.is_multi_choice && <Tag color="purple">{t('importExport.multi')}</Tag>}
            </div>
            <ServerHtml html={question.statement_html} />
            <ol className="question-preview__choices">
              {question.choices.map((choice, index) => (
                <li
                  key={index}
                  className={
                    choice.is_correct
                      ? 'question-preview__choice question-preview__choice--correct'
                      : 'question-preview__choice'
                  }
                >
                  <span className="question-preview__letter">{choiceLetter(index)})</span>
                  <ServerHtml as="span" html={choice.body_html} />
                  {choice.is_correct && <Tag color="green">{t('importExport.key')}</Tag>}
                </li>
              ))}
            </ol>
            {question.notes.length > 0 && (
              <p className="import-preview__notes">
                <Tag color="gold">{t('importExport.simplified')}</Tag> {question.notes.join(' ')}
              </p>
            )}
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <div className="admin-form-actions">
          <Button disabled={preview.page <= 1} onClick={() => onPage(preview.page - 1)}>
            {t('importExport.previous')}
          </Button>
          <span>{t('importExport.page', { page: preview.page, pages })}</span>
          <Button disabled={preview.page >= pages} onClick={() => onPage(preview.page + 1)}>
            {t('importExport.next')}
          </Button>
        </div>
      )}
    </section>
  );
}

function ImportSection() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [format, setFormat] = useState<ImportFormat>('moodle');
  const [subjectId, setSubjectId] = useState<number>();
  const [themeId, setThemeId] = useState<number>();
  const [file, setFile] = useState<File>();
  const [missing, setMissing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const preview = usePreviewImport();
  const runImport = useImportQuestions();

  function request(): ImportRequest | undefined {
    if (subjectId === undefined || themeId === undefined || !file) {
      setMissing(true);
      return undefined;
    }
    setMissing(false);
    return { file, format, subjectId, themeId };
  }

  function handleFailure(error: unknown) {
    if (isApiRequestError(error) && error.status === HttpStatus.unprocessable) {
      const problems = error.fieldErrors.file ?? Object.values(error.fieldErrors).flat();
      setOutcome({ kind: 'problems', message: error.message, problems });
    } else {
      showApiError(error);
    }
  }

  async function showPreview(page?: number) {
    const body = request();
    if (!body) return;
    try {
      setOutcome({ kind: 'preview', preview: await preview.mutateAsync({ ...body, page }) });
    } catch (error) {
      handleFailure(error);
    }
  }

  async function handlePreview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(undefined);
    await showPreview();
  }

  async function handleImport(skipUnsupported = false) {
    const body = request();
    if (!body) return;
    try {
      const { created, skipped } = await runImport.mutateAsync({ ...body, skipUnsupported });
      setOutcome({ kind: 'created', count: created, skipped });
    } catch (error) {
      handleFailure(error);
    }
  }

  return (
    <section className="admin-card" aria-labelledby="import-title">
      <h2 id="import-title">{t('importExport.importTitle')}</h2>
      <p className="page__lead">{t('importExport.importLead')}</p>
      <form className="import-form" noValidate onSubmit={(event) => void handlePreview(event)}>
        <FormField id="import-format" label={t('importExport.format')}>
          <Select
            id="import-format"
            className="admin-select"
            value={format}
            onChange={(value: ImportFormat) => setFormat(value)}
            options={FORMATS.map((value) => ({ value, label: t(`importExport.formats.${value}`) }))}
          />
        </FormField>
        <FormField id="import-subject" label={t('common.subject')}>
          <SubjectSelect
            id="import-subject"
            value={subjectId}
            onChange={(value) => {
              setSubjectId(value);
              setThemeId(undefined);
            }}
          />
        </FormField>
        <FormField id="import-theme" label={t('importExport.defaultTheme')}>
          <ThemeSelect
            id="import-theme"
            subjectId={subjectId}
            value={themeId}
            onChange={setThemeId}
          />
        </FormField>
        <FormField id="import-file" label={t('importExport.file')}>
          <input
            id="import-file"
            type="file"
            className="import-form__file"
            accept={ACCEPT[format]}
            onChange={(event) => {
              setFile(event.target.files?.[0]);
              setOutcome(undefined);
            }}
          />
        </FormField>
        {missing && (
          <div className="form-alert" role="alert">
            {t('importExport.missing')}
          </div>
        )}
        <div className="admin-form-actions">
          <Button htmlType="submit" loading={preview.isPending}>
            {t('importExport.preview')}
          </Button>
          <Button type="primary" loading={runImport.isPending} onClick={() => void handleImport()}>
            {t('importExport.import')}
          </Button>
        </div>
      </form>
      {outcome?.kind === 'problems' && (
        <Alert
          type="error"
          role="alert"
          showIcon
          title={t('importExport.problems')}
          description={
            <>
              <p>{outcome.message}</p>
              <ul className="import-problems">
                {outcome.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </>
          }
        />
      )}
      {outcome?.kind === 'created' && (
        <Alert
          type="success"
          role="status"
          showIcon
          title={t('importExport.created', { count: outcome.count })}
          description={
            outcome.skipped.length > 0 && (
              <>
                <p>{t('importExport.skipped', { count: outcome.skipped.length })}</p>
                <ProblemList problems={outcome.skipped} />
              </>
            )
          }
        />
      )}
      {outcome?.kind === 'preview' && (
        <PreviewList
          preview={outcome.preview}
          isBusy={runImport.isPending}
          onPage={(page) => void showPreview(page)}
          onSkip={() => void handleImport(true)}
        />
      )}
    </section>
  );
}

const EXPORT_FORMATS: ReadonlyArray<{ format: ExportFormat; label: string }> = [
  { format: 'moodle', label: 'importExport.exportMoodle' },
  { format: 'gift', label: 'importExport.exportGift' },
  { format: 'json', label: 'importExport.exportJson' },
];

function ExportSection() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [subjectId, setSubjectId] = useState<number>();
  const [busy, setBusy] = useState<ExportFormat>();

  async function handleExport(format: ExportFormat) {
    if (subjectId === undefined) return;
    setBusy(format);
    try {
      await exportSubject(subjectId, format);
    } catch (error) {
      showApiError(error);
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <section className="admin-card" aria-labelledby="export-title">
      <h2 id="export-title">{t('importExport.exportTitle')}</h2>
      <p className="page__lead">{t('importExport.exportLead')}</p>
      <div className="import-form">
        <FormField id="export-subject" label={t('common.subject')}>
          <SubjectSelect id="export-subject" value={subjectId} onChange={setSubjectId} />
        </FormField>
        <div className="admin-form-actions">
          {EXPORT_FORMATS.map(({ format, label }) => (
            <Button
              key={format}
              type={format === 'moodle' ? 'primary' : 'default'}
              disabled={subjectId === undefined}
              loading={busy === format}
              onClick={() => void handleExport(format)}
            >
              {t(label)}
            </Button>
          ))}
        </div>
      </div>
    </section>
  );
}

/**
 * `/admin/import-export`: Moodle XML, GIFT and JSON into a subject, with a paged preview and the
 * option to skip what cannot be imported; the same three formats out.
 */
export function ImportExportPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title" className="page__title">
        {t('importExport.title')}
      </h1>
      <ImportSection />
      <ExportSection />
    </section>
  );
}
