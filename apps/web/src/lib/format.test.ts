import { describe, expect, it } from 'vitest';
import { formatClp, formatDate, initials } from './format.ts';

describe('formatDate', () => {
  it('shows DD/MM/YYYY in UTC, whatever the local time zone', () => {
    expect(formatDate('2026-03-01T02:30:00.000Z')).toBe('01/03/2026');
    expect(formatDate('2025-12-31T23:59:59.000Z')).toBe('31/12/2025');
  });

  it('shows nothing for an unreadable date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatClp', () => {
  it('shows whole pesos with Chilean separators', () => {
    expect(formatClp(19990).replace(/\s/g, ' ')).toBe('$19.990');
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
