import { describe, expect, it } from 'vitest';
import { messages, translate } from './messages.ts';

describe('translate', () => {
  it('fills placeholders in the chosen language', () => {
    expect(translate('en', 'validation.tooShort', { min: 8 })).toBe(
      'Must have at least 8 characters.',
    );
    expect(translate('es', 'validation.tooShort', { min: 8 })).toBe(
      'Debe tener al menos 8 caracteres.',
    );
  });

  it('keeps the spec wording for rate limits', () => {
    expect(translate('en', 'error.tooManyAttempts')).toBe('Too many attempts.');
  });

  it('has every key in both languages, none empty', () => {
    expect(Object.keys(messages.es).sort()).toEqual(Object.keys(messages.en).sort());
    for (const text of [...Object.values(messages.es), ...Object.values(messages.en)]) {
      expect(text.trim()).not.toBe('');
    }
  });
});
