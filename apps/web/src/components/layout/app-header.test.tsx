import { describe, expect, it } from 'vitest';
import { mainNavItemFor } from './app-header.tsx';

describe('mainNavItemFor', () => {
  it('marks the dashboard on the dashboard only', () => {
    expect(mainNavItemFor('/dashboard')).toBe('/dashboard');
  });

  it('marks "Materias" on every page about a subject', () => {
    for (const path of [
      '/materias',
      '/temas',
      '/test/ensayo',
      '/resultado',
      '/historico/ensayo',
      '/revisar',
      '/estadistica',
      '/ensayo',
    ]) {
      expect(mainNavItemFor(path), path).toBe('/materias');
    }
  });

  it('marks nothing on the account and other pages', () => {
    expect(mainNavItemFor('/cuenta/editar')).toBeNull();
    expect(mainNavItemFor('/admin')).toBeNull();
    expect(mainNavItemFor('/testing')).toBeNull();
  });
});
