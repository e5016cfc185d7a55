import { describe, expect, it } from 'vitest';
import { CARD_VALIDATION_AMOUNT } from '@ensaya/core/subscriptions/lifecycle';
import faqEn from '../locales/content/faq.en.json';
import faqEs from '../locales/content/faq.es.json';
import supportEn from '../locales/content/support.en.json';
import supportEs from '../locales/content/support.es.json';
import termsEn from '../locales/content/terms.en.json';
import termsEs from '../locales/content/terms.es.json';
import {
  formatPhone,
  formatTaxId,
  formatClp,
  formatList,
  formatDate,
  formatDateTime,
  initials,
} from './format.ts';

describe('formatDate', () => {
  it('shows DD/MM/YYYY in UTC, whatever the local time zone', () => {
    expect(formatDate('2026-03-01T02:30:00.000Z')).toBe('01/03/2026');
    expect(formatDate('2025-12-31T23:59:59.000Z')).toBe('31/12/2025');
  });

  it('shows nothing for an unreadable date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows DD/MM/YYYY HH:mm in the local time zone', () => {
    expect(formatDateTime(new Date(2026, 2, 1, 22, 5))).toBe('01/03/2026 22:05');
    expect(formatDateTime(new Date(2026, 11, 31, 0, 0).toISOString())).toBe('31/12/2026 00:00');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatClp', () => {
  it('shows whole pesos with Chilean separators', () => {
    expect(formatClp(19990)).toBe('$19.990');
  });

  it('writes the card validation charge one way, as the help pages quote it', () => {
    const charge = formatClp(CARD_VALIDATION_AMOUNT);
    expect(charge).toBe('$1.784,64');
    // The FAQ, the terms and the support page say the same amount in both languages.
    for (const page of [faqEs, faqEn, termsEs, termsEn, supportEs, supportEn]) {
      const text = JSON.stringify(page);
      expect(text).toContain(charge);
      expect(text).not.toMatch(/CLP ?1[.,]?784/);
    }
  });
});

describe('initials', () => {
  it('takes the first letters of the first name and the last name', () => {
    expect(initials('camila andrea', 'Rojas Pérez')).toBe('CR');
  });

  it('uses up to two words of the name when there is no last name', () => {
    expect(initials('Ñuño Soto')).toBe('ÑS');
    expect(initials('  ')).toBe('');
  });
});

describe('formatTaxId', () => {
  it('writes every valid Rut as 12.345.678-5, however it was stored', () => {
    for (const stored of ['12345678-5', '123456785', '12.345.678-5', ' 12345678-5 '])
      expect(formatTaxId(stored)).toBe('12.345.678-5');
    expect(formatTaxId('7654321-6', 152)).toBe('7.654.321-6');
    expect(formatTaxId('10000013-k')).toBe('10.000.013-K');
  });

  it('leaves a foreign id, an invalid one and nothing as they are', () => {
    expect(formatTaxId('12345678-5', 32)).toBe('12345678-5');
    expect(formatTaxId('12345678-9')).toBe('12345678-9');
    expect(formatTaxId(null)).toBe('');
  });
});

describe('formatPhone', () => {
  it('writes a Chilean mobile as +56 9 1234 5678', () => {
    for (const stored of ['56912345678', '912345678', '+56 9 1234 5678', '+56912345678'])
      expect(formatPhone(stored)).toBe('+56 9 1234 5678');
  });

  it('leaves any other number and nothing as they are', () => {
    expect(formatPhone('221234567')).toBe('221234567');
    expect(formatPhone('12345678')).toBe('12345678');
    expect(formatPhone(undefined)).toBe('');
  });
});

describe('formatList', () => {
  const lists = [
    [],
    ['M1'],
    ['M1', 'M2'],
    ['M1', 'M2', 'Ciencias'],
    ['Lenguaje', 'Historia'],
    ['M1', 'Inglés'],
    ['a', 'hielo'],
    ['a', 'Hidalgo'],
    ['a', 'ir'],
    ['Lectora', 'Ciencias', 'Historia y Ciencias Sociales'],
  ];

  it.each(['es', 'en'])('joins names as Intl.ListFormat does in %s', (language) => {
    const intl = new Intl.ListFormat(language, { type: 'conjunction' });
    for (const names of lists) expect(formatList(names, language)).toBe(intl.format(names));
  });
});
