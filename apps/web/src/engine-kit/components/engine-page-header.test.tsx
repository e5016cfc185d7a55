import { describe, expect, it } from 'vitest';
import { pageHeaderTabFor } from './engine-page-header.tsx';

describe('pageHeaderTabFor', () => {
  it('lights the tab of the page the student is on', () => {
    expect(pageHeaderTabFor('/materias')).toBe(0);
    expect(pageHeaderTabFor('/historico')).toBe(1);
    expect(pageHeaderTabFor('/historico/ensayo')).toBe(1);
    expect(pageHeaderTabFor('/historico/repasos')).toBe(1);
    expect(pageHeaderTabFor('/revisar')).toBe(1);
    expect(pageHeaderTabFor('/estadistica')).toBe(2);
  });

  it('lights nothing on pages that are none of the three ("Materias" was lit)', () => {
    expect(pageHeaderTabFor('/resultado')).toBeNull();
    expect(pageHeaderTabFor('/temas')).toBeNull();
    expect(pageHeaderTabFor('/ensayo')).toBeNull();
    expect(pageHeaderTabFor('/historicos')).toBeNull();
  });
});
