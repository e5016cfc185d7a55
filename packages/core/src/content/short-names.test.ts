import { describe, expect, it } from 'vitest';
import { distinctShortNames, shortSubjectName, shortThemeName } from './short-names.ts';

const SUBJECTS = [
  'Competencia Lectora',
  'Competencia Matemática M1',
  'Competencia Matemática M2',
  'Ciencias',
  'Historia y Ciencias Sociales',
  'Examen teórico clase B',
];

const THEMES = [
  'Localizar',
  'Interpretar',
  'Números',
  'Álgebra y funciones',
  'Probabilidad y estadística',
  'Historia: mundo, América y Chile',
  'Formación ciudadana',
  'Sistema económico',
  'Normas de tránsito',
  'Señales de tránsito',
  'Convivencia vial',
  'Mecánica básica',
];

describe('short names', () => {
  it('gives the demo subjects the names students use: CL, M1, M2, Ciencias, Historia, Clase B', () => {
    expect(SUBJECTS.map(shortSubjectName)).toEqual([
      'CL',
      'M1',
      'M2',
      'Ciencias',
      'Historia',
      'Clase B',
    ]);
  });

  it('shortens a theme to its head and keeps names without a readable short form whole', () => {
    expect(THEMES.map(shortThemeName)).toEqual([
      'Localizar',
      'Interpretar',
      'Números',
      'Álgebra',
      'Probabilidad',
      'Historia',
      'Formación ciudadana',
      'Sistema económico',
      'Normas',
      'Señales',
      'Convivencia vial',
      'Mecánica básica',
    ]);
  });

  it('never makes a stub: a short name is a code, an acronym or whole words of 4 letters or more', () => {
    for (const name of [...SUBJECTS, ...THEMES, 'Física y química de los materiales', 'El yo']) {
      for (const short of [shortSubjectName(name), shortThemeName(name)]) {
        const isWholeWords = name.includes(short) && short.length >= 4;
        const isCode = /^[A-Z]{1,3}\d{0,2}$/.test(short) || /^Clase [A-Z]$/.test(short);
        expect(isWholeWords || isCode || short === name.trim(), `${name} -> ${short}`).toBe(true);
      }
    }
  });

  it('keeps full names where two short names would read the same', () => {
    expect(
      distinctShortNames(
        ['Álgebra y funciones', 'Álgebra y matrices', 'Geometría'],
        shortThemeName,
      ),
    ).toEqual(['Álgebra y funciones', 'Álgebra y matrices', 'Geometría']);
    expect(distinctShortNames(SUBJECTS, shortSubjectName)).toEqual([
      'CL',
      'M1',
      'M2',
      'Ciencias',
      'Historia',
      'Clase B',
    ]);
  });
});
