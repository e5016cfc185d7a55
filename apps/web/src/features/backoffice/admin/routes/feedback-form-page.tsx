import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpStatus } from '@ensaya/core/api/http';
import { FormField } from '../../../../components/form-field.tsx';
import { isApiRequestError, showApiError } from '../../../../lib/api-client.ts';
import { useFeedbackBuilder, useSaveFeedbackBuilder } from '../api/feedback-builder.ts';
import type { FeedbackQuestion } from '../api/types.ts';
import { useFlash } from '../components/flash-message.tsx';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';

const FIELD_TYPES: readonly FeedbackQuestion['field_type'][] = ['text', 'textarea', 'radio'];
const KEY_PATTERN = /^[a-z][a-z0-9_]*$/;
const emptyLabel = () => ({ es: '', en: '' });

/** The first problem of the form, as a message key with its values, or undefined. */
export function feedbackFormProblem(
  questions: readonly FeedbackQuestion[],
): { key: string; values?: Record<string, unknown> } | undefined {
  const keys = new Set<string>();
  for (const question of questions) {
    if (!KEY_PATTERN.test(question.key)) return { key: 'feedback.keyFormat' };
    if (keys.has(question.key)) return { key: 'feedback.duplicateKey' };
    keys.add(question.key);
    if (!question.question.es.trim() || !question.question.en.trim())
      return { key: 'common.required' };
    if (question.field_type === 'radio') {
      const options = question.options ?? [];
      if (options.length < 2) return { key: 'feedback.needsOptions' };
      if (
        options.some(
          (option) => !option.value.trim() || !option.label.es.trim() || !option.label.en.trim(),
        )
      ) {
        return { key: 'common.required' };
      }
    }
  }
  return undefined;
}

function FeedbackEditor({ initial }: { initial: FeedbackQuestion[] }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const save = useSaveFeedbackBuilder();
  const { flash, element: flashElement } = useFlash();
  const [questions, setQuestions] = useState(initial);
  const [error, setError] = useState<string>();

  const update = (index: number, change: Partial<FeedbackQuestion>) =>
    setQuestions((current) => current.map((q, i) => (i === index ? { ...q, ...change } : q)));

  function move(index: number, offset: -1 | 1) {
    const next = [...questions];
    const [moved] = next.splice(index, 1);
    next.splice(index + offset, 0, moved!);
    setQuestions(next);
  }

  async function handleSave() {
    const problem = feedbackFormProblem(questions);
    if (problem) {
      setError(t(problem.key, problem.values));
      return;
    }
    setError(undefined);
    const value = questions.map((question) =>
      question.field_type === 'radio' ? question : { ...question, options: undefined },
    );
    try {
      await save.mutateAsync(value);
      flash(t('common.saved'));
    } catch (caught) {
      if (isApiRequestError(caught) && caught.status === HttpStatus.unprocessable) {
        setError(Object.values(caught.fieldErrors).flat().join(' ') || caught.message);
      } else {
        showApiError(caught);
      }
    }
  }

  return (
    <div>
      {flashElement}
      {error && (
        <Alert type="error" role="alert" showIcon title={error} className="admin-form-alert" />
      )}
      {questions.map((question, index) => {
        const id = `feedback-${index}`;
        const options = question.options ?? [];
        const setOptions = (next: NonNullable<FeedbackQuestion['options']>) =>
          update(index, { options: next });
        return (
          <fieldset key={index} className="admin-card feedback-question">
            <legend>{t('feedback.question', { n: index + 1 })}</legend>
            <div className="question-editor__row">
              <FormField id={`${id}-key`} label={t('feedback.key')}>
                <Input
                  id={`${id}-key`}
                  value={question.key}
                  onChange={(event) => update(index, { key: event.target.value.trim() })}
                />
              </FormField>
              <FormField id={`${id}-type`} label={t('feedback.fieldType')}>
                <Select
                  id={`${id}-type`}
                  className="admin-select"
                  value={question.field_type}
                  onChange={(value: FeedbackQuestion['field_type']) =>
                    update(index, {
                      field_type: value,
                      options: value === 'radio' && options.length === 0 ? [] : question.options,
                    })
                  }
                  options={FIELD_TYPES.map((value) => ({
                    value,
                    label: t(`feedback.types.${value}`),
                  }))}
                />
              </FormField>
            </div>
            <label className="question-editor__switch">
              <Switch
                checked={question.required}
                onChange={(required) => update(index, { required })}
              />
              <span>{t('feedback.required')}</span>
            </label>
            <div className="question-editor__row">
              <FormField id={`${id}-es`} label={t('feedback.labelEs')}>
                <Input
                  id={`${id}-es`}
                  value={question.question.es}
                  onChange={(event) =>
                    update(index, { question: { ...question.question, es: event.target.value } })
                  }
                />
              </FormField>
              <FormField id={`${id}-en`} label={t('feedback.labelEn')}>
                <Input
                  id={`${id}-en`}
                  value={question.question.en}
                  onChange={(event) =>
                    update(index, { question: { ...question.question, en: event.target.value } })
                  }
                />
              </FormField>
            </div>
            {question.field_type === 'radio' && (
              <div className="feedback-options">
                <h3>{t('feedback.options')}</h3>
                {options.map((option, optionIndex) => {
                  const setOption = (change: Partial<typeof option>) =>
                    setOptions(
                      options.map((o, i) => (i === optionIndex ? { ...o, ...change } : o)),
                    );
                  return (
                    <div key={optionIndex} className="feedback-options__row">
                      <Input
                        aria-label={`${t('feedback.optionValue')} ${optionIndex + 1}`}
                        placeholder={t('feedback.optionValue')}
                        value={option.value}
                        onChange={(event) => setOption({ value: event.target.value })}
                      />
                      <Input
                        aria-label={`${t('feedback.labelEs')} ${optionIndex + 1}`}
                        placeholder={t('feedback.labelEs')}
                        value={option.label.es}
                        onChange={(event) =>
                          setOption({ label: { ...option.label, es: event.target.value } })
                        }
                      />
                      <Input
                        aria-label={`${t('feedback.labelEn')} ${optionIndex + 1}`}
                        placeholder={t('feedback.labelEn')}
                        value={option.label.en}
                        onChange={(event) =>
                          setOption({ label: { ...option.label, en: event.target.value } })
                        }
                      />
                      <Button
                        danger
                        aria-label={`${t('common.remove')} ${optionIndex + 1}`}
                        onClick={() => setOptions(options.filter((_, i) => i !== optionIndex))}
                      >
                        ×
                      </Button>
                    </div>
                  );
                })}
                <Button
                  size="small"
                  onClick={() => setOptions([...options, { value: '', label: emptyLabel() }])}
                >
                  {t('feedback.addOption')}
                </Button>
              </div>
            )}
            <div className="admin-row-actions">
              <Button size="small" disabled={index === 0} onClick={() => move(index, -1)}>
                ↑ {t('common.moveUp')}
              </Button>
              <Button
                size="small"
                disabled={index === questions.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓ {t('common.moveDown')}
              </Button>
              <Button
                size="small"
                danger
                onClick={() => setQuestions(questions.filter((_, i) => i !== index))}
              >
                {t('feedback.removeQuestion')}
              </Button>
            </div>
          </fieldset>
        );
      })}
      <div className="admin-form-actions">
        <Button
          onClick={() =>
            setQuestions([
              ...questions,
              { key: '', field_type: 'text', required: false, question: emptyLabel() },
            ])
          }
        >
          {t('feedback.addQuestion')}
        </Button>
        <Button type="primary" loading={save.isPending} onClick={() => void handleSave()}>
          {t('common.save')}
        </Button>
      </div>
    </div>
  );
}

/** `/admin/feedback-form`: the `feedback_builder` setting, the cancel-feedback questions. */
export function FeedbackFormPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const feedback = useFeedbackBuilder();
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title" className="page__title">
        {t('feedback.title')}
      </h1>
      <p className="page__lead">{t('feedback.lead')}</p>
      {feedback.isPending && <p role="status">{t('common.loading')}</p>}
      {feedback.isError && <Alert type="error" title={feedback.error.message} />}
      {feedback.data && <FeedbackEditor initial={feedback.data} />}
    </section>
  );
}
