import type { FeedbackQuestion } from '../contracts/admin.ts';
import type { MessageKey } from '../i18n/messages.ts';

/**
 * The cancel questionnaire's answer rules (spec 000, sections 5 and 9): required radio and
 * textarea questions need an answer, a radio answer is one of its options, a textarea takes at
 * most 500 characters (a text field its own `max_length`, else 255). Answers count trimmed.
 * The web form checks them before sending; the server checks them again.
 */
export const FEEDBACK_TEXTAREA_MAX_LENGTH = 500;
export const FEEDBACK_TEXT_MAX_LENGTH = 255;

type Question = Pick<FeedbackQuestion, 'field_type' | 'required' | 'options' | 'max_length'>;

export function feedbackMaxLength(question: Question): number {
  return question.field_type === 'textarea'
    ? Math.min(question.max_length ?? FEEDBACK_TEXTAREA_MAX_LENGTH, FEEDBACK_TEXTAREA_MAX_LENGTH)
    : (question.max_length ?? FEEDBACK_TEXT_MAX_LENGTH);
}

export type FeedbackProblem = { key: MessageKey; params?: Record<string, number> };

/** What is wrong with one answer, or null. */
export function feedbackAnswerProblem(
  question: Question,
  answer: string | undefined,
): FeedbackProblem | null {
  const value = (answer ?? '').trim();
  if (value === '') return question.required ? { key: 'subscriptions.feedbackRequired' } : null;
  if (question.field_type === 'radio') {
    const isOption = question.options?.some((option) => option.value === value) ?? false;
    return isOption ? null : { key: 'subscriptions.feedbackOption' };
  }
  const max = feedbackMaxLength(question);
  return value.length > max ? { key: 'validation.tooLong', params: { max } } : null;
}
