import Button from 'antd/es/button';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Switch from 'antd/es/switch';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import { DIFFICULTIES, type Difficulty } from '@ensaya/core/engine/difficulty';
import { FormField } from '../../../../components/form-field.tsx';
import { isApiRequestError, showApiError, type FieldErrors } from '../../../../lib/api-client.ts';
import { coreMessage } from '../../../../lib/core-message.ts';
import { useSaveRecord } from '../api/admin-resource.ts';
import type { Question, QuestionInput } from '../api/types.ts';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';
import {
  hasErrors,
  validateQuestion,
  type QuestionDraftErrors,
} from '../lib/question-validation.ts';
import { ChoicesEditor, type ChoiceDraft } from './choices-editor.tsx';
import { QuestionPreviewPanel } from './question-preview-panel.tsx';
import { ContextSelect, SubjectSelect, ThemeSelect } from './reference-selects.tsx';

/** What the form shows beside each field: a translated client message or the server's text. */
interface ShownErrors {
  theme?: string;
  context?: string;
  statement?: string;
  solution?: string;
  urlSource?: string;
  stemNumber?: string;
  choices?: string;
  choiceBodies: (string | undefined)[];
  other: string[];
}

const NO_ERRORS: ShownErrors = { choiceBodies: [], other: [] };

const SERVER_FIELDS: Record<string, keyof Omit<ShownErrors, 'choiceBodies' | 'other'>> = {
  theme_id: 'theme',
  context_id: 'context',
  statement: 'statement',
  solution: 'solution',
  url_source: 'urlSource',
  stem_number: 'stemNumber',
  choices: 'choices',
  is_multi_choice: 'choices',
};

/** A 422's `errors` beside their fields: `choices.2.body` (or `choices.2`) under choice C. */
function fromServer(fieldErrors: FieldErrors, message: string): ShownErrors {
  const shown: ShownErrors = { choiceBodies: [], other: [] };
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const text = messages.join(' ');
    const choice = /^choices\.(\d+)(\.body)?$/.exec(field);
    const mapped = SERVER_FIELDS[field];
    if (choice) shown.choiceBodies[Number(choice[1])] = text;
    else if (mapped) shown[mapped] = [shown[mapped], text].filter(Boolean).join(' ');
    else shown.other.push(text);
  }
  if (Object.keys(fieldErrors).length === 0) shown.other.push(message);
  return shown;
}

function fromClient(errors: QuestionDraftErrors, t: (key: string) => string): ShownErrors {
  const tr = (key: string | undefined) => (key ? t(key) : undefined);
  return {
    theme: tr(errors.theme),
    statement: tr(errors.statement),
    urlSource: tr(errors.urlSource),
    choices: coreMessage(errors.choices),
    choiceBodies: errors.choiceBodies.map(tr),
    other: [],
  };
}

let nextChoiceKey = 1;
const newChoiceKey = () => `choice-${nextChoiceKey++}`;

function initialChoices(question: Question | undefined): ChoiceDraft[] {
  if (!question) {
    return ['', '', '', ''].map((body) => ({ key: newChoiceKey(), body, isCorrect: false }));
  }
  return [...question.choices]
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((choice) => ({ key: newChoiceKey(), body: choice.body, isCorrect: choice.is_correct }));
}

/** The question editor: the form and, beside it, the server-rendered live preview. */
export function QuestionForm({
  question,
  onSaved,
}: {
  question: Question | undefined;
  onSaved: (saved: Question) => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const save = useSaveRecord<Question>('questions');
  const [subjectId, setSubjectId] = useState(question?.subject_id);
  const [themeId, setThemeId] = useState(question?.theme_id);
  const [contextId, setContextId] = useState(question?.context_id ?? undefined);
  const [statement, setStatement] = useState(question?.statement ?? '');
  const [solution, setSolution] = useState(question?.solution ?? '');
  const [isMultiChoice, setMultiChoice] = useState(question?.is_multi_choice ?? false);
  const [urlSource, setUrlSource] = useState(question?.url_source ?? '');
  const [stemNumber, setStemNumber] = useState<number | null>(question?.stem_number ?? null);
  const [isActive, setActive] = useState(question?.is_active ?? true);
  const [difficulty, setDifficulty] = useState<Difficulty>(
    (question?.difficulty as Difficulty | undefined) ?? 2,
  );
  const [choices, setChoices] = useState(() => initialChoices(question));
  const [errors, setErrors] = useState<ShownErrors>(NO_ERRORS);
  const alertRef = useRef<HTMLDivElement>(null);

  function changeSubject(next: number | undefined) {
    setSubjectId(next);
    // Themes and contexts belong to one subject.
    setThemeId(undefined);
    setContextId(undefined);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateQuestion({
      themeId,
      statement,
      solution,
      isMultiChoice,
      urlSource,
      choices,
    });
    if (hasErrors(found)) {
      setErrors({ ...fromClient(found, t), other: [t('common.fixErrors')] });
      requestAnimationFrame(() => alertRef.current?.focus());
      return;
    }
    setErrors(NO_ERRORS);
    const body: QuestionInput = {
      theme_id: themeId!,
      context_id: contextId ?? null,
      statement,
      solution,
      is_multi_choice: isMultiChoice,
      url_source: urlSource.trim() || null,
      stem_number: stemNumber ?? undefined,
      is_active: isActive,
      difficulty,
      choices: choices.map((choice) => ({ body: choice.body, is_correct: choice.isCorrect })),
    };
    try {
      onSaved(await save.mutateAsync({ id: question?.id, body }));
    } catch (error) {
      if (isApiRequestError(error) && error.status === HttpStatus.unprocessable) {
        setErrors(fromServer(error.fieldErrors, error.message));
        requestAnimationFrame(() => alertRef.current?.focus());
      } else {
        showApiError(error);
      }
    }
  }

  const describedBy = (id: string, error: string | undefined) =>
    error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

  return (
    <div className="question-editor">
      <form
        className="question-editor__form"
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
      >
        {errors.other.length > 0 && (
          <div ref={alertRef} tabIndex={-1} className="form-alert" role="alert">
            {errors.other.join(' ')}
          </div>
        )}
        <div className="question-editor__row">
          <FormField id="question-subject" label={t('editor.subject')}>
            <SubjectSelect id="question-subject" value={subjectId} onChange={changeSubject} />
          </FormField>
          <FormField id="question-theme" label={t('editor.theme')} error={errors.theme}>
            <ThemeSelect
              id="question-theme"
              subjectId={subjectId}
              value={themeId}
              onChange={setThemeId}
              status={errors.theme ? 'error' : undefined}
            />
          </FormField>
        </div>
        <FormField id="question-context" label={t('editor.context')} error={errors.context}>
          <ContextSelect
            id="question-context"
            subjectId={subjectId}
            value={contextId}
            onChange={setContextId}
            allowClear
            status={errors.context ? 'error' : undefined}
          />
        </FormField>
        <FormField id="question-statement" label={t('editor.statement')} error={errors.statement}>
          <Input.TextArea
            id="question-statement"
            className="source-input"
            value={statement}
            autoSize={{ minRows: 4, maxRows: 20 }}
            status={errors.statement ? 'error' : undefined}
            spellCheck={false}
            {...describedBy('question-statement', errors.statement)}
            onChange={(event) => setStatement(event.target.value)}
          />
        </FormField>
        <p className="question-editor__hint">{t('editor.sourceHint')}</p>

        <fieldset className="question-editor__choices">
          <legend>{t('editor.choices')}</legend>
          <label className="question-editor__switch">
            <Switch checked={isMultiChoice} onChange={setMultiChoice} />
            <span>{t('editor.isMultiChoice')}</span>
          </label>
          <p className="question-editor__hint">
            {t(isMultiChoice ? 'editor.multiChoiceHint' : 'editor.singleChoiceHint')}
          </p>
          {errors.choices && (
            <div className="form-field__error" role="alert">
              {errors.choices}
            </div>
          )}
          <ChoicesEditor
            choices={choices}
            isMultiChoice={isMultiChoice}
            errors={errors.choiceBodies}
            onChange={setChoices}
            newKey={newChoiceKey}
          />
        </fieldset>

        <FormField id="question-solution" label={t('editor.solution')} error={errors.solution}>
          <Input.TextArea
            id="question-solution"
            className="source-input"
            value={solution}
            autoSize={{ minRows: 3, maxRows: 20 }}
            status={errors.solution ? 'error' : undefined}
            spellCheck={false}
            {...describedBy('question-solution', errors.solution)}
            onChange={(event) => setSolution(event.target.value)}
          />
        </FormField>
        <div className="question-editor__row">
          <FormField id="question-url" label={t('editor.urlSource')} error={errors.urlSource}>
            <Input
              id="question-url"
              type="url"
              value={urlSource}
              status={errors.urlSource ? 'error' : undefined}
              {...describedBy('question-url', errors.urlSource)}
              onChange={(event) => setUrlSource(event.target.value)}
            />
          </FormField>
          <FormField
            id="question-stem-number"
            label={t('editor.stemNumber')}
            error={errors.stemNumber}
          >
            <InputNumber
              id="question-stem-number"
              min={1}
              precision={0}
              value={stemNumber}
              onChange={setStemNumber}
            />
          </FormField>
        </div>
        <fieldset className="question-editor__difficulty">
          <legend>{t('editor.difficulty')}</legend>
          <Radio.Group
            value={difficulty}
            onChange={(event) => setDifficulty(event.target.value as Difficulty)}
            options={DIFFICULTIES.map((value) => ({
              value,
              label: t(`editor.difficulties.${value}`),
            }))}
          />
          <p className="question-editor__hint">{t('editor.difficultyHint')}</p>
        </fieldset>
        <label className="question-editor__switch">
          <Switch checked={isActive} onChange={setActive} />
          <span>{t('editor.isActive')}</span>
        </label>
        <div className="admin-form-actions">
          <Button type="primary" htmlType="submit" size="large" loading={save.isPending}>
            {t('editor.save')}
          </Button>
        </div>
      </form>
      <QuestionPreviewPanel
        input={{ statement, solution, choices: choices.map((choice) => ({ body: choice.body })) }}
        correct={choices.map((choice) => choice.isCorrect)}
      />
    </div>
  );
}
