import { describe, expect, it } from 'vitest';
import { parseLanguage, pickLanguage } from './language.ts';

describe('pickLanguage', () => {
  it('prefers X-Localization over Accept-Language', () => {
    expect(pickLanguage('en', 'es-CL,es;q=0.9')).toBe('en');
  });

  it('falls back to the best supported Accept-Language entry by quality', () => {
    expect(pickLanguage(undefined, 'fr-FR,fr;q=0.9,en;q=0.8,es;q=0.5')).toBe('en');
    expect(pickLanguage('', 'en;q=0.2, es-CL;q=0.7')).toBe('es');
  });

  it('ignores unsupported X-Localization values', () => {
    expect(pickLanguage('de', 'en-GB')).toBe('en');
  });

  it('defaults to Spanish', () => {
    expect(pickLanguage(undefined, undefined)).toBe('es');
    expect(pickLanguage('xx', 'fr, de;q=0.5')).toBe('es');
    expect(pickLanguage(null, 'en;q=0')).toBe('es');
  });
});

describe('parseLanguage', () => {
  it('reads region tags and case', () => {
    expect(parseLanguage('EN-us')).toBe('en');
    expect(parseLanguage('es_CL')).toBe('es');
    expect(parseLanguage('pt')).toBeUndefined();
  });
});
