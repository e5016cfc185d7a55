import { describe, expect, it } from 'vitest';
import { loadBankFile, bankFiles } from './bank-files.ts';
import { allBankFiles, catalogThemes, readKnownFamilies, readLintFile } from './bank-lint-files.ts';
import {
  bankFamilies,
  evaluateCheck,
  firstNumber,
  formatProblem,
  knownFamiliesOf,
  lintBank,
  normalizeOption,
  positionalReference,
  type LintFile,
  type LintQuestion,
} from './bank-lint.ts';
import { DEMO_SUBJECTS } from './demo-catalog.ts';

// The bank linter (docs/content.md): its rules on small bad inputs, then the whole bank (the
// subject files and the writers' incoming files), which must have no problem.

const SUBJECT = 'Competencia Matemática M1';
const THEME = DEMO_SUBJECTS.find((subject) => subject.name === SUBJECT)!.themes[0]![0];

function question(overrides: Partial<LintQuestion> = {}): LintQuestion {
  return {
    theme: THEME,
    kind: 'prueba',
    difficulty: 1,
    statement: '<p>¿Cuánto es dos más dos en este ejemplo de prueba?</p>',
    choices: [{ body: '4', is_correct: true }, { body: '3' }, { body: '5' }, { body: '22' }],
    solution: '<p>Dos más dos es cuatro; 22 es escribir los dígitos uno al lado del otro.</p>',
    ...overrides,
  };
}

function lint(questions: LintQuestion[], extra: Partial<LintFile> = {}) {
  return lintBank(
    [{ file: 'x.yaml', subject: SUBJECT, contexts: [], questions, ...extra }],
    catalogThemes,
  ).map((problem) => problem.message);
}

describe('bank linter rules', () => {
  it('accepts a good question', () => {
    expect(lint([question({ check: '2 + 2' })])).toEqual([]);
  });

  it('normalises options: fractions, decimals and TeX compare as numbers', () => {
    expect(normalizeOption('\\(\\frac{20}{50}\\)')).toBe(normalizeOption('2/5'));
    expect(normalizeOption('0,4')).toBe(normalizeOption('\\(\\frac{2}{5}\\)'));
    expect(normalizeOption('<p>La  <strong>mediana</strong>.</p>')).toBe(
      normalizeOption('la mediana'),
    );
    expect(normalizeOption('20.400 pesos')).toBe(normalizeOption('20&nbsp;400 pesos'));
    expect(normalizeOption('Ambos Aa')).not.toBe(normalizeOption('Ambos AA'));
    expect(normalizeOption('\\(x + 2\\)')).not.toBe(normalizeOption('\\(x - 2\\)'));
  });

  it('catches two options that say the same', () => {
    const choices = [
      { body: '\\(\\frac{4}{9}\\)', is_correct: true },
      { body: '\\(\\frac{20}{50}\\)' },
      { body: '\\(\\frac{2}{5}\\)' },
      { body: '\\(\\frac{1}{5}\\)' },
    ];
    expect(lint([question({ choices })])).toEqual([expect.stringContaining('options 2 and 3')]);
  });

  it('catches solutions that name an option by position or letter', () => {
    for (const wording of [
      'así que la última opción es falsa',
      'La primera alternativa es la creencia refutada',
      'la segunda respuesta confunde los datos',
      'por eso la opción B no sirve',
      'la alternativa C) es un error',
      'The last option is wrong',
      'answer D is tempting',
    ])
      expect(positionalReference(`<p>${wording}.</p>`), wording).toBeDefined();
    for (const wording of [
      'La señal con la letra E indica estacionamiento',
      'la primera respuesta inmune es más lenta que la segunda',
      'La opción de esperar es la más segura',
    ])
      expect(positionalReference(`<p>${wording}.</p>`), wording).toBeUndefined();
    expect(
      lint([
        question({ solution: '<p>Dos más dos es cuatro, así que la última opción es falsa.</p>' }),
      ]),
    ).toEqual([expect.stringContaining('position or letter')]);
  });

  it('evaluates checks safely and compares them with the key', () => {
    expect(evaluateCheck('24000 * (100 - 15) / 100')).toBe(20400);
    expect(evaluateCheck('sqrt(3^2 + 4^2)')).toBe(5);
    expect(evaluateCheck('2 * pi')).toBeCloseTo(6.2832, 4);
    expect(evaluateCheck('-2^2')).toBe(-4);
    expect(() => evaluateCheck('process.exit(1)')).toThrow();
    expect(() => evaluateCheck('1 +')).toThrow();
    expect(firstNumber('20&nbsp;400 pesos')).toBe(20400);
    expect(firstNumber('\\(7{,}4\\)')).toBe(7.4);
    expect(firstNumber('\\(-\\frac{5}{3}\\)')).toBeCloseTo(-5 / 3);
    expect(firstNumber('1.210.000 pesos')).toBe(1210000);
    expect(firstNumber('3\\,600 pesos')).toBe(3600);
    expect(lint([question({ check: '2 + 3' })])).toEqual([
      expect.stringContaining('check 2 + 3 = 5'),
    ]);
    expect(lint([question({ check: '2 +' })])).toEqual([expect.stringContaining('check:')]);
  });

  it('catches near-duplicate questions across files', () => {
    const a = question({
      statement:
        '<p>Una chaqueta de invierno cuesta 24.000 pesos en una tienda del centro y durante la semana de liquidación tiene un descuento del 15 % sobre el precio de la etiqueta. Si una persona la compra ese día y paga en efectivo, ¿cuánto paga por ella en la tienda del barrio?</p>',
    });
    const b = { ...a, statement: String(a.statement).replace('del barrio', 'del sector') };
    const problems = lintBank(
      [
        { file: 'a.yaml', subject: SUBJECT, contexts: [], questions: [a] },
        { file: 'b.yaml', subject: SUBJECT, contexts: [], questions: [b] },
      ],
      catalogThemes,
    );
    expect(problems.map(formatProblem)).toEqual([
      expect.stringMatching(/^a\.yaml #1 .*near duplicate .* b\.yaml #1/),
    ]);
  });

  it('catches missing solution, kind, difficulty, figure text, unknown context and theme', () => {
    expect(lint([question({ solution: '<p> </p>' })])).toEqual(['missing or empty solution']);
    expect(lint([question({ kind: undefined })])).toEqual(['missing kind']);
    for (const difficulty of [undefined, 0, 4, '2', 1.5])
      expect(lint([question({ difficulty })]), String(difficulty)).toEqual([
        'missing or invalid difficulty (1 easy, 2 medium, 3 hard)',
      ]);
    expect(lint([question({ context: 'nada' })])).toEqual([
      expect.stringContaining('context "nada"'),
    ]);
    expect(lint([question({ theme: 'Química' })])).toEqual([
      expect.stringContaining('theme "Química"'),
    ]);
    const figure = '<figure><svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg></figure>';
    expect(lint([question({ statement: `<p>¿Cuánto es dos más dos?</p>${figure}` })])).toEqual([
      expect.stringContaining('<svg>'),
    ]);
    const labelled = figure.replace('<svg ', '<svg role="img" aria-label="Un círculo" ');
    expect(lint([question({ statement: `<p>¿Cuánto es dos más dos?</p>${labelled}` })])).toEqual(
      [],
    );
    expect(
      lint([question()], { contexts: [{ key: 'k', body: figure }] }).some((m) =>
        m.includes('<svg>'),
      ),
    ).toBe(true);
  });
});

describe('clone families', () => {
  // A pair written for it: one question with other numbers and another person's name.
  const pair = [
    question({
      statement:
        '<p>Martina compra 3 cuadernos a 1.200 pesos cada uno y paga con un billete de 5.000 pesos. ¿Cuánto recibe de vuelto?</p>',
      choices: [
        { body: '1.400 pesos', is_correct: true },
        { body: '3.600 pesos' },
        { body: '3.800 pesos' },
        { body: '2.400 pesos' },
      ],
      check: '5000 - 3 * 1200',
    }),
    question({
      statement:
        '<p>Tomás compra 4 cuadernos a 1.500 pesos cada uno y paga con un billete de 10.000 pesos. ¿Cuánto recibe de vuelto?</p>',
      choices: [
        { body: '4.000 pesos', is_correct: true },
        { body: '6.000 pesos' },
        { body: '8.500 pesos' },
        { body: '5.500 pesos' },
      ],
      check: '10000 - 4 * 1500',
    }),
  ];
  const file = (questions: LintQuestion[]): LintFile => ({
    file: 'x.yaml',
    subject: SUBJECT,
    contexts: [],
    questions,
  });

  it('flags a number-swapped pair, which the near-duplicate check misses, unless the family is known', () => {
    const problems = lintBank([file(pair)], catalogThemes).map(formatProblem);
    expect(problems).toEqual([
      expect.stringMatching(
        /^x\.yaml #1 "Martina .*: clone of x\.yaml #2 .*family "@ compra # cuadernos/,
      ),
      expect.stringMatching(/^x\.yaml #2 "Tomás .*: clone of x\.yaml #1/),
    ]);
    const known = knownFamiliesOf(bankFamilies([file(pair)]));
    expect(lintBank([file(pair)], catalogThemes, known)).toEqual([]);
    // A third clone added to a known family is new, and so flagged.
    const third = question({
      statement:
        '<p>Sofía compra 2 cuadernos a 2.500 pesos cada uno y paga con un billete de 20.000 pesos. ¿Cuánto recibe de vuelto?</p>',
      choices: [
        { body: '15.000 pesos', is_correct: true },
        { body: '5.000 pesos' },
        { body: '17.500 pesos' },
        { body: '12.500 pesos' },
      ],
      check: '20000 - 2 * 2500',
    });
    expect(lintBank([file([...pair, third])], catalogThemes, known).map(formatProblem)).toEqual([
      expect.stringMatching(/^x\.yaml #3 "Sofía compra 2 .*: clone of x\.yaml #1/),
    ]);
    // A known clone no longer one in the bank (here its pair is gone) makes the list stale.
    expect(lintBank([file(pair.slice(0, 1))], catalogThemes, known).map(formatProblem)).toEqual([
      expect.stringMatching(/known-families\.json "Martina compra 3 .*no longer one in the bank/),
      expect.stringMatching(/known-families\.json "Tomás compra 4 .*no longer one in the bank/),
    ]);
  });

  it('finds no clone family left in the demo bank, and any listed one is known', () => {
    // The bank review replaced M1's 17 and M2's 12 families (68 and 46 questions) with distinct items.
    const families = bankFamilies(allBankFiles().map(readLintFile));
    expect(families.map((family) => family.name)).toEqual([]);
    const known = readKnownFamilies();
    for (const family of families) {
      const listed = new Set((known[family.subject] ?? []).flatMap((entry) => entry.members));
      for (const member of family.members) expect(listed, family.name).toContain(member.text);
    }
  });
});

describe('the bank files', () => {
  const files = allBankFiles();

  it('has one subject file per subject of the demo catalog', () => {
    const subjects = bankFiles().map((file) => readLintFile(file).subject);
    expect(subjects.sort()).toEqual(DEMO_SUBJECTS.map((subject) => subject.name).sort());
  });

  it('passes the linter', () => {
    const problems = lintBank(files.map(readLintFile), catalogThemes, readKnownFamilies());
    expect(problems.map(formatProblem)).toEqual([]);
  });

  for (const file of bankFiles()) {
    it(`${file.replace(/.*\//, '')} imports, with the exam's choice counts and clean TeX`, () => {
      const { subject, parsed } = loadBankFile(file);
      const catalog = DEMO_SUBJECTS.find((candidate) => candidate.name === subject)!;
      const isPaes = catalog.standardTestId === 1;
      expect(parsed.questions.length).toBeGreaterThanOrEqual(catalog.period.questionCount);
      const used = new Set(parsed.questions.map((question) => question.contextKey));
      for (const context of parsed.contexts) expect(used, context.key).toContain(context.key);
      const statements = new Set<string>();
      for (const question of parsed.questions) {
        const where = `${question.index} ${question.statement.slice(0, 60)}`;
        const key = `${question.contextKey ?? ''}|${question.statement}`;
        expect(statements.has(key), where).toBe(false);
        statements.add(key);
        if (isPaes) expect([4, 5], where).toContain(question.choices.length);
        else if (!question.isMultiChoice) expect([3, 4], where).toContain(question.choices.length);
        if (subject === 'Competencia Lectora') expect(question.contextKey, where).not.toBeNull();
        for (const text of [
          question.statement,
          question.solution,
          ...question.choices.map((c) => c.body),
        ]) {
          // `$` only as the peso sign before an amount ($2&nbsp;000): never TeX written Moodle's way.
          expect(text, where).not.toMatch(/<script|\son[a-z]+\s*=|javascript:|\$(?!\d)/i);
          for (const span of text.matchAll(/\\\(([\s\S]*?)\\\)|\\\[([\s\S]*?)\\\]/g))
            expect(span[0], where).not.toMatch(/[<>]/);
        }
      }
    });
  }
});
