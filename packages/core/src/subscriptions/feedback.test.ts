import { describe, expect, it } from 'vitest';
import { feedbackAnswerProblem, feedbackMaxLength } from './feedback.ts';

const radio = {
  field_type: 'radio' as const,
  required: true,
  options: [
    { value: 'price', label: { es: 'Precio', en: 'Price' } },
    { value: 'other', label: { es: 'Otro', en: 'Other' } },
  ],
};
const textarea = { field_type: 'textarea' as const, required: true };
const text = { field_type: 'text' as const, required: false, max_length: 10 };

describe('cancel feedback answers', () => {
  it('needs an answer to a required question; blanks do not count', () => {
    expect(feedbackAnswerProblem(radio, undefined)).toEqual({
      key: 'subscriptions.feedbackRequired',
    });
    expect(feedbackAnswerProblem(textarea, '   ')).toEqual({
      key: 'subscriptions.feedbackRequired',
    });
    expect(feedbackAnswerProblem(text, '')).toBeNull();
  });

  it('takes a radio answer only among its options', () => {
    expect(feedbackAnswerProblem(radio, 'price')).toBeNull();
    expect(feedbackAnswerProblem(radio, 'cheaper')).toEqual({
      key: 'subscriptions.feedbackOption',
    });
  });

  it('limits a textarea to 500 characters whatever its max_length, a text field to its own', () => {
    expect(feedbackMaxLength(textarea)).toBe(500);
    expect(feedbackMaxLength({ ...textarea, max_length: 2000 })).toBe(500);
    expect(feedbackMaxLength({ ...textarea, max_length: 300 })).toBe(300);
    expect(feedbackMaxLength({ field_type: 'text', required: false })).toBe(255);
    expect(feedbackAnswerProblem(textarea, 'a'.repeat(500))).toBeNull();
    expect(feedbackAnswerProblem(textarea, ` ${'a'.repeat(500)} `)).toBeNull();
    expect(feedbackAnswerProblem(textarea, 'a'.repeat(501))).toEqual({
      key: 'validation.tooLong',
      params: { max: 500 },
    });
    expect(feedbackAnswerProblem(text, 'a'.repeat(11))).toEqual({
      key: 'validation.tooLong',
      params: { max: 10 },
    });
  });
});
