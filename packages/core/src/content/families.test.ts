import { describe, expect, it } from 'vitest';
import {
  areClones,
  cloneFamilies,
  familyName,
  normalisedWords,
  type FamilyQuestion,
} from './families.ts';

// Clone families: the same question with other numbers or names is found; another
// question that merely looks alike is not.

const jacket = (price: string, discount: string, options: string[]): FamilyQuestion => ({
  statement: `<p>Una chaqueta cuesta ${price} pesos y tiene un descuento del ${discount} %. ¿Cuánto se paga por ella?</p>`,
  choices: options.map((option) => `${option} pesos`),
});

describe('normalised words', () => {
  it('writes numbers as # and people’s names as @, TeX as symbols', () => {
    expect(
      normalisedWords('<p>Martina ahorra 3.000 pesos; su hermana Sofía, 2,5 veces más.</p>'),
    ).toEqual(['@', 'ahorra', '#', 'pesos', 'su', 'hermana', '@', '#', 'veces', 'más']);
    // A capitalised word starting a sentence is a name only when it is a first name.
    expect(normalisedWords('Una tienda. Tomás compra.')).toEqual(['una', 'tienda', '@', 'compra']);
    // Signs and fractions are numbers; + and − are one operation.
    expect(normalisedWords('\\(5x + 3 = -\\frac{1}{2}\\)')).toEqual(
      normalisedWords('\\(4x - 9 = 7\\)'),
    );
  });
});

describe('clone families', () => {
  it('finds a pair written with other numbers, and the five jackets of M1 as one family', () => {
    const a = jacket('24.000', '15', ['20.400', '3.600', '22.500', '27.600']);
    const b = jacket('36.000', '25', ['27.000', '9.000', '33.500', '45.000']);
    expect(areClones(a, b)).toBe(true);
    const bank = [
      a,
      {
        statement: '<p>¿Cuál es el área de un círculo de radio 3 cm?</p>',
        choices: ['9π cm²', '6π cm²'],
      },
      b,
      jacket('18.500', '20', ['14.800', '3.700', '16.500', '22.200']),
      jacket('52.000', '35', ['33.800', '18.200', '17.000', '70.200']),
      jacket('9.600', '12,5', ['8.400', '1.200', '9.480', '10.800']),
    ];
    expect(cloneFamilies(bank)).toEqual([[0, 2, 3, 4, 5]]);
    expect(familyName(a)).toBe('una chaqueta cuesta # pesos y tiene un descuento del # % …');
  });

  it('finds clones that swap people’s names and flip the signs of an equation', () => {
    expect(
      areClones(
        {
          statement:
            '<p>Martina ahorra 3.000 pesos cada semana. ¿Cuántas semanas tarda en juntar 24.000 pesos?</p>',
          choices: ['8', '6', '7', '21'],
        },
        {
          statement:
            '<p>Tomás ahorra 2.500 pesos cada semana. ¿Cuántas semanas tarda en juntar 20.000 pesos?</p>',
          choices: ['8', '9', '7', '18'],
        },
      ),
    ).toBe(true);
    const equation = (tex: string, options: string[]): FamilyQuestion => ({
      statement: `<p>¿Cuál es la solución de la ecuación \\(${tex}\\)?</p>`,
      choices: options.map((option) => `\\(x = ${option}\\)`),
    });
    expect(
      areClones(
        equation('5x + 3 = 2x + 18', ['5', '7', '3', '-5']),
        equation('4x + 9 = x - 3', ['-4', '4', '-2', '\\frac{1}{2}']),
      ),
    ).toBe(true);
  });

  it('keeps apart questions that only look alike', () => {
    const volume = (solid: string): FamilyQuestion => ({
      statement: `<p>¿Cuál es el volumen de un ${solid} de radio 3 cm y altura 8 cm?</p>`,
      choices: ['\\(72\\pi\\) cm³', '\\(24\\pi\\) cm³', '\\(48\\pi\\) cm³', '\\(12\\pi\\) cm³'],
    });
    // Another solid is another formula.
    expect(areClones(volume('cilindro'), volume('cono'))).toBe(false);
    // The same words before options that say different things.
    const statement = '<p>¿Cuál de las siguientes afirmaciones es correcta?</p>';
    expect(
      areClones(
        {
          statement,
          choices: ['La célula vegetal tiene pared celular.', 'Las bacterias tienen núcleo.'],
        },
        {
          statement,
          choices: ['El Congreso aprueba las leyes.', 'El Presidente dicta sentencias.'],
        },
      ),
    ).toBe(false);
    // Questions on one text are read together; on two texts, they are about different texts.
    const text = (key: string, body: string): FamilyQuestion => ({
      statement: '<p>¿Cuál es el propósito principal del texto?</p>',
      choices: ['Informar', 'Persuadir', 'Narrar', 'Describir'],
      context: { key, body },
    });
    const body = '<p>El huemul es un ciervo del sur de Chile que está en peligro de extinción.</p>';
    expect(areClones(text('a', body), text('a', body))).toBe(false);
    expect(
      areClones(
        text('a', body),
        text('b', '<p>La feria del barrio abre los domingos desde las ocho de la mañana.</p>'),
      ),
    ).toBe(false);
  });

  it('finds a text copied with other figures as clones of each other’s questions', () => {
    const table = (a: number, b: number) =>
      `<p>La tabla muestra el precio de un kilo de pan en dos años.</p><table><tr><td>2024</td><td>${a}</td></tr><tr><td>2025</td><td>${b}</td></tr></table>`;
    const question = (key: string, a: number, b: number): FamilyQuestion => ({
      statement: '<p>¿En qué porcentaje subió el precio?</p>',
      choices: ['10 %', '20 %', '25 %', '15 %'],
      context: { key, body: table(a, b) },
    });
    expect(areClones(question('pan-1', 1000, 1200), question('pan-2', 1500, 1650))).toBe(true);
  });
});
