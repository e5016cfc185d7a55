import { describe, expect, it } from 'vitest';
import { DEMO_SUBJECTS } from './demo-catalog.ts';
import { DEMRE_2023_REFERENCE, gradeTableThrough, M2_ANCHORS } from './grade-tables.ts';

const grades = (name: string) =>
  DEMO_SUBJECTS.find((subject) => subject.name === name)!.gradeTable.map(([, grade]) => grade);

describe('PAES grade tables', () => {
  it.each([
    ['Competencia Lectora', 60, DEMRE_2023_REFERENCE.cl],
    ['Competencia Matemática M1', 60, DEMRE_2023_REFERENCE.m1],
    ['Competencia Matemática M2', 50, M2_ANCHORS],
    ['Ciencias', 75, DEMRE_2023_REFERENCE.ciencias],
    ['Historia y Ciencias Sociales', 60, DEMRE_2023_REFERENCE.historia],
  ] as const)(
    '%s passes DEMRE’s points, from 100 to 1000, no step under 5',
    (name, scored, anchors) => {
      const table = grades(name);
      expect(table).toHaveLength(scored + 1);
      expect(table[0]).toBe(100);
      expect(table[scored]).toBe(1000);
      for (const [correct, grade] of anchors) {
        if (Number.isInteger(correct))
          expect(Math.abs(table[correct]! - grade)).toBeLessThanOrEqual(10);
      }
      const steps = table.slice(1).map((grade, i) => grade - table[i]!);
      expect(Math.min(...steps)).toBeGreaterThanOrEqual(5);
    },
  );

  it('needs about 20 right in M1 to reach 458, as DEMRE’s table does, and more in CL', () => {
    expect(grades('Competencia Matemática M1').findIndex((grade) => grade >= 458)).toBe(20);
    expect(grades('Competencia Lectora').findIndex((grade) => grade >= 458)).toBe(23);
  });

  it('never steps back, even between anchors far apart', () => {
    const table = gradeTableThrough(40, [
      [5, 400],
      [6, 410],
      [30, 600],
    ]).map(([, grade]) => grade);
    expect(table.every((grade, i) => i === 0 || grade >= table[i - 1]!)).toBe(true);
    expect(table[6]).toBe(410);
  });
});
