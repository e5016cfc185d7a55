import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import Radio from 'antd/es/radio';
import Spin from 'antd/es/spin';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fillMessage } from '@ensaya/core/i18n/base-messages';
import { feedbackAnswerProblem, feedbackMaxLength } from '@ensaya/core/subscriptions/feedback';
import { isApiRequestError, showApiError } from '../../../../lib/api-client.ts';
import { coreMessage, requiredFieldsMessage } from '../../../../lib/core-message.ts';
import { currentLanguage } from '../../../../lib/i18n.ts';
import { useFeedbackBuilder, type FeedbackQuestion } from '../api/get-feedback-builder.ts';
import { useSendFeedback } from '../api/send-feedback.ts';
import { CANCEL_NAMESPACE } from '../lib/subscription-cancel-i18n.ts';

type Answers = Record<string, string>;
type Errors = Record<string, string>;

/** The server names a question's problem `feedback.<key>`. */
const SERVER_FIELD_PREFIX = 'feedback.';

const fieldId = (key: string) => `feedback-${key}`;
const errorId = (key: string) => `${fieldId(key)}-error`;

function problemsOf(questions: readonly FeedbackQuestion[], answers: Answers): Errors {
  const errors: Errors = {};
  for (const question of questions) {
    const problem = feedbackAnswerProblem(question, answers[question.key]);
    if (problem) errors[question.key] = fillMessage(coreMessage(problem.key), problem.params);
  }
  return errors;
}

/**
 * Step 2: the cancel questionnaire built from `GET api/feedback-builder` (spec 000, sections 4
 * and 5), in the interface language. Required questions are marked and checked before sending;
 * the server checks again and its messages show under their question.
 */
export function FeedbackForm({
  subscriptionId,
  onBack,
  onSent,
}: {
  subscriptionId: number;
  onBack: () => void;
  onSent: (subscriptionEnd: string | null) => void;
}) {
  const { t } = useTranslation(CANCEL_NAMESPACE);
  const builder = useFeedbackBuilder();
  const send = useSendFeedback();
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Errors>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const language = currentLanguage();

  if (builder.isPending) {
    return (
      <div className="cancel-card cancel-card--loading">
        <Spin />
      </div>
    );
  }
  if (builder.isError) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={isApiRequestError(builder.error) ? builder.error.message : t('loadFailed')}
        action={
          <Button size="small" onClick={() => void builder.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  const questions = builder.data;

  function change(key: string, value: string) {
    setAnswers((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const rest = { ...current };
      delete rest[key];
      return rest;
    });
  }

  function showErrors(next: Errors, message: string) {
    setErrors(next);
    setFormMessage(message);
    const first = questions.find((question) => question.key in next);
    // After the render that marks the fields: move to the first one to fix.
    window.requestAnimationFrame(() => {
      const field = first && formRef.current?.querySelector<HTMLElement>(`#${fieldId(first.key)}`);
      // A radio group's id is on its wrapper: its first option takes the focus.
      const control = field?.matches('input, textarea') ? field : field?.querySelector('input');
      (control ?? formRef.current)?.focus();
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = problemsOf(questions, answers);
    if (Object.keys(problems).length > 0) {
      showErrors(problems, requiredFieldsMessage());
      return;
    }
    setFormMessage(null);
    const feedback = Object.fromEntries(
      questions
        .map((question) => [question.key, (answers[question.key] ?? '').trim()] as const)
        .filter(([, answer]) => answer !== ''),
    );
    send.mutate(
      { id: subscriptionId, feedback },
      {
        onSuccess: (result) => onSent(result.data.subscription_end),
        onError: (error) => {
          if (!isApiRequestError(error) || error.status !== 422) {
            showApiError(error);
            return;
          }
          const fromServer: Errors = {};
          for (const [field, messages] of Object.entries(error.fieldErrors)) {
            if (field.startsWith(SERVER_FIELD_PREFIX) && messages[0])
              fromServer[field.slice(SERVER_FIELD_PREFIX.length)] = messages[0];
          }
          showErrors(fromServer, error.message);
        },
      },
    );
  }

  const label = (question: FeedbackQuestion): ReactNode => (
    <>
      {question.question[language]}
      {question.required && (
        <>
          <span className="required-mark" aria-hidden="true">
            {' *'}
          </span>
          <span className="visually-hidden"> ({t('feedback.required')})</span>
        </>
      )}
    </>
  );

  const errorOf = (key: string) =>
    errors[key] ? (
      <div id={errorId(key)} className="form-field__error">
        {errors[key]}
      </div>
    ) : null;

  const fieldProps = (question: FeedbackQuestion) => ({
    id: fieldId(question.key),
    value: answers[question.key] ?? '',
    status: errors[question.key] ? ('error' as const) : undefined,
    'aria-required': question.required,
    'aria-invalid': Boolean(errors[question.key]),
    'aria-describedby': errors[question.key] ? errorId(question.key) : undefined,
    maxLength: feedbackMaxLength(question),
  });

  return (
    <section className="cancel-card" aria-labelledby="cancel-feedback-title">
      <h2 id="cancel-feedback-title" className="cancel-card__title">
        {t('feedback.title')}
      </h2>
      <p className="cancel-card__lead">
        {questions.length > 0 ? t('feedback.lead') : t('feedback.noQuestions')}
      </p>
      <form
        ref={formRef}
        noValidate
        tabIndex={-1}
        onSubmit={submit}
        aria-labelledby="cancel-feedback-title"
      >
        {formMessage && (
          <div className="form-alert" role="alert">
            <p>{formMessage}</p>
          </div>
        )}
        {questions.map((question) =>
          question.field_type === 'radio' ? (
            <fieldset
              key={question.key}
              className={errors[question.key] ? 'form-field form-field--error' : 'form-field'}
            >
              <legend className="form-field__label">{label(question)}</legend>
              <Radio.Group
                id={fieldId(question.key)}
                className="cancel-feedback__options"
                value={answers[question.key]}
                onChange={(event) => change(question.key, String(event.target.value))}
                aria-required={question.required}
                aria-invalid={Boolean(errors[question.key])}
                aria-describedby={errors[question.key] ? errorId(question.key) : undefined}
                options={(question.options ?? []).map((option) => ({
                  value: option.value,
                  label: option.label[language],
                }))}
              />
              {errorOf(question.key)}
            </fieldset>
          ) : (
            <div
              key={question.key}
              className={errors[question.key] ? 'form-field form-field--error' : 'form-field'}
            >
              <label htmlFor={fieldId(question.key)} className="form-field__label">
                {label(question)}
              </label>
              {question.field_type === 'textarea' ? (
                <TextArea
                  {...fieldProps(question)}
                  autoSize={{ minRows: 3, maxRows: 5 }}
                  showCount
                  onChange={(event) => change(question.key, event.target.value)}
                />
              ) : (
                <Input
                  {...fieldProps(question)}
                  onChange={(event) => change(question.key, event.target.value)}
                />
              )}
              {errorOf(question.key)}
            </div>
          ),
        )}
        <div className="form-actions">
          <Button className="form-actions__cancel" onClick={onBack} disabled={send.isPending}>
            {t('feedback.back')}
          </Button>
          <Button type="primary" danger htmlType="submit" loading={send.isPending}>
            {t('feedback.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
