import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import { FormField } from '../../../components/form-field.tsx';
import { isApiRequestError, showApiError } from '../../../lib/api-client.ts';
import { exportSubject } from '../api/export-subject.ts';
import {
  useImportQuestions,
  usePreviewImport,
  type ImportRequest,
} from '../api/import-questions.ts';
import type { ImportFormat, ImportPreview } from '../api/types.ts';
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
  | { kind: 'created'; count: number };

function PreviewList({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <section className="import-preview" aria-labelledby="import-preview-title">
      <h3 id="import-preview-title">
        {t('importExport.wouldCreate', { count: preview.questions.length })}
        {preview.contexts > 0 &&
          ` ${t('importExport.wouldCreateContexts', { count: preview.contexts })}`}
      </h3>
      <ol className="import-preview__list">
        {preview.questions.map((question) => (
          <li key={question.index} className="import-preview__item">
            <div className="import-preview__meta">
              <Tag>{t('importExport.index', { n: question.index + 1 })}</Tag>
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
          </li>
        ))}
      </ol>
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

  async function handlePreview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = request();
    if (!body) return;
    setOutcome(undefined);
    try {
      setOutcome({ kind: 'preview', preview: await preview.mutateAsync(body) });
    } catch (error) {
      handleFailure(error);
    }
  }

  async function handleImport() {
    const body = request();
    if (!body) return;
    try {
      const { created } = await runImport.mutateAsync(body);
      setOutcome({ kind: 'created', count: created });
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
        />
      )}
      {outcome?.kind === 'preview' && <PreviewList preview={outcome.preview} />}
    </section>
  );
}

function ExportSection() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [subjectId, setSubjectId] = useState<number>();
  const [isBusy, setBusy] = useState(false);

  async function handleExport() {
    if (subjectId === undefined) return;
    setBusy(true);
    try {
      await exportSubject(subjectId, `ensaya-subject-${subjectId}.json`);
    } catch (error) {
      showApiError(error);
    } finally {
      setBusy(false);
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
          <Button
            type="primary"
            disabled={subjectId === undefined}
            loading={isBusy}
            onClick={() => void handleExport()}
          >
            {t('importExport.export')}
          </Button>
        </div>
      </div>
    </section>
  );
}

/** `/admin/import-export`: Moodle XML, GIFT and JSON into a subject, with a preview; JSON out. */
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
