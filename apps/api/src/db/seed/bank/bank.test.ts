import { describe, expect, it, vi } from 'vitest';
import { DEMO_SUBJECTS } from '../demo-catalog.ts';
import { DEMO_BANK } from './index.ts';
import { M1_GENERATED } from './m1.ts';
import { M2_GENERATED } from './m2.ts';
import type { BankQuestion, SubjectBank } from './types.ts';
import { num, plain, rational, tex } from './util.ts';

/** Largest-remainder split of `total` questions by percentage weights (ties go to the first). */
function quotas(total: number, weights: Array<[string, number]>): Map<string, number> {
  const sum = weights.reduce((acc, [, weight]) => acc + weight, 0);
  const exact = weights.map(([name, weight]) => ({ name, exact: (total * weight) / sum }));
  const result = new Map(exact.map(({ name, exact: value }) => [name, Math.floor(value)]));
  let left = total - [...result.values()].reduce((acc, value) => acc + value, 0);
  const byRemainder = exact
    .map((entry, index) => ({ ...entry, index, rest: entry.exact - Math.floor(entry.exact) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const entry of byRemainder) {
    if (left <= 0) break;
    result.set(entry.name, result.get(entry.name)! + 1);
    left--;
  }
  return result;
}

function htmlFields(bank: SubjectBank): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  for (const context of bank.contexts) {
    fields.push([`context ${context.key} title`, context.title]);
    fields.push([`context ${context.key} body`, context.body]);
  }
  bank.questions.forEach((question, index) => {
    fields.push([`question ${index} statement`, question.statement]);
    fields.push([`question ${index} solution`, question.solution]);
    question.choices.forEach((choice, position) =>
      fields.push([`question ${index} choice ${position}`, choice]),
    );
  });
  return fields;
}

/** Whether the TeX delimiters `\( \)` and `\[ \]` open and close in order, without nesting. */
function balancedTex(text: string): boolean {
  let open: string | undefined;
  for (const match of text.matchAll(/\\([()[\]])/g)) {
    const delimiter = match[1]!;
    if (delimiter === '(' || delimiter === '[') {
      if (open) return false;
      open = delimiter;
    } else {
      if (open !== (delimiter === ')' ? '(' : '[')) return false;
      open = undefined;
    }
  }
  return open === undefined;
}

/** Whether braces inside each TeX span are balanced (KaTeX fails on unbalanced groups). */
function balancedBraces(text: string): boolean {
  for (const match of text.matchAll(/\\\(([\s\S]*?)\\\)|\\\[([\s\S]*?)\\\]/g)) {
    const body = (match[1] ?? match[2] ?? '').replace(/\\[{}]/g, '');
    let depth = 0;
    for (const char of body) {
      if (char === '{') depth++;
      if (char === '}') depth--;
      if (depth < 0) return false;
    }
    if (depth !== 0) return false;
  }
  return true;
}

describe('demo bank', () => {
  it('has exactly one bank per subject of the demo catalog', () => {
    expect(DEMO_BANK.map((bank) => bank.subject).sort()).toEqual(
      DEMO_SUBJECTS.map((subject) => subject.name).sort(),
    );
  });

  for (const subject of DEMO_SUBJECTS) {
    describe(subject.name, () => {
      const bank = DEMO_BANK.find((candidate) => candidate.subject === subject.name);
      const questions: BankQuestion[] = bank?.questions ?? [];
      const themeNames = new Set(subject.themes.map(([name]) => name));
      const isPaes = subject.standardTestId === 1;

      it('has a bank', () => {
        expect(bank).toBeDefined();
      });

      it('files every question under one of the subject themes', () => {
        for (const question of questions) expect(themeNames).toContain(question.theme);
      });

      it('covers one full mock exam per theme under the period weights', () => {
        const quota = quotas(subject.period.questionCount, subject.themes);
        const total = [...quota.values()].reduce((acc, value) => acc + value, 0);
        expect(total).toBe(subject.period.questionCount);
        for (const [theme, needed] of quota) {
          const count = questions.filter((question) => question.theme === theme).length;
          expect(count, `${theme}: ${count} < ${needed}`).toBeGreaterThanOrEqual(needed);
        }
        expect(questions.length).toBeGreaterThanOrEqual(subject.period.questionCount);
      });

      it('gives every question 2 to 9 distinct non-empty choices and valid keys', () => {
        for (const question of questions) {
          const where = question.statement.slice(0, 80);
          expect(question.choices.length, where).toBeGreaterThanOrEqual(2);
          expect(question.choices.length, where).toBeLessThanOrEqual(9);
          for (const choice of question.choices) expect(choice.trim(), where).not.toBe('');
          expect(new Set(question.choices.map((choice) => choice.trim())).size, where).toBe(
            question.choices.length,
          );
          expect(new Set(question.correct).size, where).toBe(question.correct.length);
          for (const index of question.correct) {
            expect(Number.isInteger(index), where).toBe(true);
            expect(index, where).toBeGreaterThanOrEqual(0);
            expect(index, where).toBeLessThan(question.choices.length);
          }
          if (question.isMultiChoice) {
            expect(question.correct.length, where).toBeGreaterThanOrEqual(2);
          } else {
            expect(question.correct.length, where).toBe(1);
          }
        }
      });

      it('uses the choice counts of the exam (PAES 4 or 5, clase B 3 or 4 single-choice)', () => {
        for (const question of questions) {
          const count = question.choices.length;
          if (isPaes) expect([4, 5], question.statement).toContain(count);
          else if (!question.isMultiChoice) expect([3, 4], question.statement).toContain(count);
          if (isPaes) expect(question.isMultiChoice ?? false).toBe(false);
        }
      });

      it('has a worked solution for every question', () => {
        for (const question of questions) {
          expect(
            question.solution.replace(/<[^>]+>/g, '').trim().length,
            question.statement,
          ).toBeGreaterThan(40);
        }
      });

      it('references only existing contexts (and every reading question has one)', () => {
        const keys = new Set(bank?.contexts.map((context) => context.key));
        expect(keys.size).toBe(bank?.contexts.length ?? 0);
        for (const question of questions) {
          if (question.context !== undefined) expect(keys).toContain(question.context);
          if (subject.name === 'Competencia Lectora') expect(question.context).toBeDefined();
        }
        for (const key of keys) {
          expect(
            questions.some((question) => question.context === key),
            key,
          ).toBe(true);
        }
      });

      it('has unique statements within the subject', () => {
        const seen = new Set<string>();
        for (const question of questions) {
          const key = `${question.context ?? ''}|${question.statement}`;
          expect(seen.has(key), question.statement).toBe(false);
          seen.add(key);
        }
      });

      it('writes balanced TeX and no scripts, event handlers or javascript: links', () => {
        for (const [where, text] of htmlFields(
          bank ?? { subject: '', contexts: [], questions: [] },
        )) {
          expect(balancedTex(text), where).toBe(true);
          expect(balancedBraces(text), where).toBe(true);
          expect(text, where).not.toMatch(/<script/i);
          expect(text, where).not.toMatch(/\son[a-z]+\s*=/i);
          expect(text, where).not.toMatch(/javascript:/i);
          expect(text, where).not.toMatch(/\$/);
          // Inside TeX, < and > would be read as HTML by the sanitizer: use \lt and \gt.
          for (const span of text.matchAll(/\\\(([\s\S]*?)\\\)|\\\[([\s\S]*?)\\\]/g)) {
            expect(span[0], where).not.toMatch(/[<>]/);
          }
        }
      });
    });
  }
});

// Generated maths items: the key is recomputed here from the item's parameters, independently of
// the template that wrote it, and must be the option marked correct.
type Params = Record<string, number>;
const P = (params: Params, name: string) => {
  const value = params[name];
  if (value === undefined) throw new Error(`missing parameter ${name}`);
  return value;
};
const pesos = (value: number) => `${plain(value)} pesos`;
const binom = (n: number, k: number) => {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return Math.round(r);
};

const EXPECTED_KEY: Record<string, (p: Params) => string> = {
  // M1
  descuento: (p) => pesos(P(p, 'price') - (P(p, 'price') * P(p, 'pct')) / 100),
  'fraccion-suma': (p) =>
    rational(P(p, 'a') * P(p, 'd') + P(p, 'c') * P(p, 'b'), P(p, 'b') * P(p, 'd')),
  'proporcion-inversa': (p) => tex(num((P(p, 'workers') * P(p, 'days')) / P(p, 'other'))),
  potencias: (p) => tex(`${P(p, 'base')}^{${P(p, 'm') + P(p, 'n') - P(p, 'k')}}`),
  'ecuacion-lineal': (p) => tex(num((P(p, 'd') - P(p, 'b')) / (P(p, 'a') - P(p, 'c')))),
  'evaluar-cuadratica': (p) => {
    const x = P(p, 'x');
    return tex(num(P(p, 'a') * x ** 2 + P(p, 'b') * x + P(p, 'c')));
  },
  pendiente: (p) => rational(P(p, 'y2') - P(p, 'y1'), P(p, 'x2') - P(p, 'x1')),
  sistema: (p) => tex(num((P(p, 'sum') + P(p, 'diff')) / 2)),
  'costo-afin': (p) => pesos(P(p, 'fixed') + P(p, 'unit') * P(p, 'n')),
  pitagoras: (p) => `${tex(num(Math.hypot(P(p, 'a'), P(p, 'b'))))} cm`,
  rectangulo: (p) => `${tex(num(2 * P(p, 'side') + (2 * P(p, 'area')) / P(p, 'side')))} cm`,
  'circulo-area': (p) => `${tex(`${P(p, 'r') ** 2}\\pi`)} cm²`,
  'volumen-caja': (p) => `${tex(num(P(p, 'l') * P(p, 'w') * P(p, 'h')))} cm³`,
  media: (p) => tex(num((P(p, 'a') + P(p, 'b') + P(p, 'c') + P(p, 'd') + P(p, 'e')) / 5)),
  mediana: (p) => {
    const sorted = ['a', 'b', 'c', 'd', 'e', 'f'].map((k) => P(p, k)).sort((x, y) => x - y);
    return tex(num((sorted[2]! + sorted[3]!) / 2));
  },
  urna: (p) => rational(P(p, 'red'), P(p, 'red') + P(p, 'blue') + P(p, 'green')),
  'dos-dados': (p) => {
    let ways = 0;
    for (let i = 1; i <= 6; i++) for (let j = 1; j <= 6; j++) if (i + j === P(p, 'sum')) ways++;
    return rational(ways, 36);
  },
  // M2
  'log-producto': (p) => {
    let k = 0;
    let value = 1;
    while (value < P(p, 'm') * P(p, 'n')) {
      value *= P(p, 'base');
      k++;
    }
    expect(value).toBe(P(p, 'm') * P(p, 'n'));
    return tex(num(k));
  },
  'interes-compuesto': (p) => {
    let amount = P(p, 'capital');
    for (let year = 0; year < P(p, 'years'); year++) amount += (amount * P(p, 'rate')) / 100;
    return pesos(Math.round(amount));
  },
  'raices-cuadratica': (p) => {
    const [low, high] = [P(p, 'r1'), P(p, 'r2')].sort((x, y) => x - y);
    return tex(`x = ${low}\\ \\text{o}\\ x = ${high}`);
  },
  vertice: (p) => tex(`(${P(p, 'h')}, ${P(p, 'k')})`),
  exponencial: (p) => {
    let count = P(p, 'initial');
    for (let t = P(p, 'period'); t <= P(p, 'hours'); t += P(p, 'period')) count *= 2;
    return tex(num(count));
  },
  inecuacion: (p) => {
    const bound = (P(p, 'c') - P(p, 'b')) / P(p, 'a');
    return tex(`x ${P(p, 'a') < 0 ? '\\gt' : '\\lt'} ${num(bound)}`);
  },
  distancia: (p) => tex(num(Math.hypot(P(p, 'x2') - P(p, 'x1'), P(p, 'y2') - P(p, 'y1')))),
  'homotecia-area': (p) => `${tex(num(P(p, 'area') * P(p, 'k') ** 2))} cm²`,
  cilindro: (p) => `${tex(`${P(p, 'r') ** 2 * P(p, 'h')}\\pi`)} cm³`,
  combinaciones: (p) => tex(num(binom(P(p, 'n'), P(p, 'k')))),
  permutaciones: (p) => {
    let result = 1;
    for (let i = 2; i <= P(p, 'n'); i++) result *= i;
    return tex(num(result));
  },
  binomial: (p) => rational(binom(P(p, 'n'), P(p, 'k')), 2 ** P(p, 'n')),
};

describe('generated maths items', () => {
  const generated = [
    ...M1_GENERATED.map((item) => ({ subject: 'M1', item })),
    ...M2_GENERATED.map((item) => ({ subject: 'M2', item })),
  ];

  it('exist in both maths banks', () => {
    expect(M1_GENERATED.length).toBeGreaterThan(30);
    expect(M2_GENERATED.length).toBeGreaterThan(30);
  });

  it('mark as correct the recomputed answer', () => {
    for (const { subject, item } of generated) {
      const expected = EXPECTED_KEY[item.template];
      expect(expected, `${subject} template ${item.template}`).toBeDefined();
      const marked = item.question.choices[item.question.correct[0]!];
      expect(marked, `${subject} ${item.template} ${JSON.stringify(item.params)}`).toBe(
        expected!(item.params),
      );
      expect(item.question.correct).toHaveLength(1);
    }
  });

  it('use distinct parameter values within each template', () => {
    const seen = new Set<string>();
    for (const { subject, item } of generated) {
      const key = `${subject}|${item.template}|${JSON.stringify(item.params)}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it('are deterministic (same options in the same order on every import)', async () => {
    vi.resetModules();
    const again = await import('./m1.ts');
    const first = M1_GENERATED.map((item) => item.question);
    const second = (again.M1_GENERATED as typeof M1_GENERATED).map((item) => item.question);
    expect(second).toEqual(first);
  });
});
