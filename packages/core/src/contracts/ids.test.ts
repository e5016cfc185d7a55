import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RegisterRequest, ResetPasswordRequest, ChangePasswordRequest } from './accounts.ts';
import { Id, IdParam, MAX_ID, queryInt, SelectedId } from './ids.ts';

describe('IdParam (an id in a path or a query string)', () => {
  it('reads canonical digits 1..2 147 483 647', () => {
    expect(IdParam.parse('1')).toBe(1);
    expect(IdParam.parse('16')).toBe(16);
    expect(IdParam.parse('2147483647')).toBe(MAX_ID);
  });

  it('refuses every other spelling, however Number() would read it', () => {
    for (const text of [
      '0x10',
      '1e3',
      ' 1',
      '1 ',
      '01',
      '+1',
      '1.0',
      '-1',
      '0',
      '',
      '١',
      '１',
      '2147483648',
      '9999999999',
      '99999999999',
    ])
      expect(IdParam.safeParse(text).success, JSON.stringify(text)).toBe(false);
  });

  it('reads back exactly the ids it writes, and nothing else', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_ID }), (id) => IdParam.parse(String(id)) === id),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const parsed = IdParam.safeParse(text);
        return !parsed.success || String(parsed.data) === text;
      }),
    );
  });
});

describe('Id (an id in a JSON body)', () => {
  it('is a whole number 1..2 147 483 647, never a string', () => {
    expect(Id.parse(5)).toBe(5);
    for (const value of [0, -1, 1.5, MAX_ID + 1, 2 ** 53, '5', null])
      expect(Id.safeParse(value).success, String(value)).toBe(false);
  });
});

describe('SelectedId (an id picked in a form select)', () => {
  it('takes a number or its canonical digits', () => {
    expect(SelectedId.parse(13123)).toBe(13123);
    expect(SelectedId.parse('13123')).toBe(13123);
    for (const value of ['0x3333', ' 13123', '013123', '1e3', MAX_ID + 1, 1.5])
      expect(SelectedId.safeParse(value).success, String(value)).toBe(false);
  });

  it('reads missing, empty and null as required', () => {
    for (const value of [undefined, '', null]) {
      const parsed = SelectedId.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.code).toBe('invalid_type');
    }
  });
});

describe('queryInt (a whole number in a query string)', () => {
  it('reads canonical digits within its bounds only', () => {
    const page = queryInt(1, 100);
    expect(page.parse('1')).toBe(1);
    expect(page.parse('100')).toBe(100);
    for (const text of ['0', '101', '0x10', '1e1', ' 1', '+1', '1.0', ''])
      expect(page.safeParse(text).success, JSON.stringify(text)).toBe(false);
  });
});

describe('a body that is not an object', () => {
  it('fails validation instead of throwing in the cross-field checks', () => {
    for (const schema of [RegisterRequest, ResetPasswordRequest, ChangePasswordRequest])
      for (const body of [null, 'text', 42, [], true]) {
        const parsed = schema.safeParse(body);
        expect(parsed.success).toBe(false);
      }
  });
});
