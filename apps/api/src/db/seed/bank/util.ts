import type { BankQuestion, GeneratedQuestion } from './types.ts';

// Helpers for writing the bank: deterministic shuffling of options (never Math.random), paragraph
// wrapping and number formatting in the Chilean style.

/** A small deterministic PRNG (mulberry32): the same seed gives the same sequence. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a hash of a string, used to seed the shuffle of a question's options. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Wraps plain text in a paragraph; HTML fragments (starting with a tag) are kept as they are. */
export function para(text: string): string {
  const trimmed = text.trim();
  return trimmed.startsWith('<') ? trimmed : `<p>${trimmed}</p>`;
}

/** How the options of a question are ordered. */
export type ChoiceOrder = 'shuffle' | 'keep' | 'numeric';

function numericValue(choice: string): number {
  const match = /-?\d+(?:\.\d{3})*(?:\{,\}\d+|,\d+)?/.exec(choice);
  if (!match) return Number.NaN;
  return Number(match[0].replaceAll('.', '').replace('{,}', '.').replace(',', '.'));
}

/**
 * Orders options: `shuffle` places them deterministically from the statement's hash, `keep` leaves
 * them as written, `numeric` sorts them by the first number each contains.
 */
export function arrange(
  statement: string,
  options: Array<{ text: string; correct: boolean }>,
  order: ChoiceOrder,
): { choices: string[]; correct: number[] } {
  let arranged = [...options];
  if (order === 'shuffle') {
    const random = prng(hashString(statement));
    for (let i = arranged.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [arranged[i], arranged[j]] = [arranged[j]!, arranged[i]!];
    }
  } else if (order === 'numeric') {
    const values = arranged.map((option) => numericValue(option.text));
    if (values.every((value) => Number.isFinite(value))) {
      arranged = arranged
        .map((option, index) => ({ option, value: values[index]! }))
        .sort((a, b) => a.value - b.value)
        .map(({ option }) => option);
    }
  }
  return {
    choices: arranged.map((option) => option.text),
    correct: arranged.flatMap((option, index) => (option.correct ? [index] : [])),
  };
}

type Extra = { context?: string; order?: ChoiceOrder; urlSource?: string };

/** A single-choice question: the key first, then the distractors; options shuffled by default. */
export function single(
  theme: string,
  statement: string,
  key: string,
  distractors: string[],
  solution: string,
  extra: Extra = {},
): BankQuestion {
  const text = para(statement);
  const { choices, correct } = arrange(
    text,
    [
      { text: key, correct: true },
      ...distractors.map((distractor) => ({ text: distractor, correct: false })),
    ],
    extra.order ?? 'shuffle',
  );
  return {
    theme,
    ...(extra.context ? { context: extra.context } : {}),
    statement: text,
    choices,
    correct,
    solution: para(solution),
    ...(extra.urlSource ? { urlSource: extra.urlSource } : {}),
  };
}

/** A multi-choice question: every option in `keys` must be picked, none of `distractors`. */
export function multi(
  theme: string,
  statement: string,
  keys: string[],
  distractors: string[],
  solution: string,
  extra: Extra = {},
): BankQuestion {
  const question = single(theme, statement, keys[0]!, distractors, solution, extra);
  const text = question.statement;
  const { choices, correct } = arrange(
    text,
    [
      ...keys.map((key) => ({ text: key, correct: true })),
      ...distractors.map((distractor) => ({ text: distractor, correct: false })),
    ],
    extra.order ?? 'shuffle',
  );
  return { ...question, choices, correct, isMultiChoice: true };
}

/** Binds a theme to `single`, for files that write many questions of one theme in a row. */
export function themed(theme: string) {
  return (
    statement: string,
    key: string,
    distractors: string[],
    solution: string,
    extra: Extra = {},
  ): BankQuestion => single(theme, statement, key, distractors, solution, extra);
}

/** Greatest common divisor of two integers (non-negative result). */
export function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x;
}

/**
 * A number in Chilean notation for TeX: thousands with a point, decimals with a comma written as
 * `{,}` so KaTeX does not add space after it. Rounds to `decimals` places and drops trailing zeros.
 */
export function num(value: number, decimals = 2): string {
  const rounded = Number(value.toFixed(decimals));
  const negative = rounded < 0;
  const [whole = '0', fraction = ''] = Math.abs(rounded).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped}${fraction ? `{,}${fraction}` : ''}`;
}

/** A number in Chilean notation for plain text ("12.500", "3,5"). */
export function plain(value: number, decimals = 2): string {
  return num(value, decimals).replace('{,}', ',');
}

/** A fraction in lowest terms as TeX (`\frac{a}{b}`, or an integer when the denominator is 1). */
export function frac(numerator: number, denominator: number): string {
  const divisor = gcd(numerator, denominator) || 1;
  let n = numerator / divisor;
  let d = denominator / divisor;
  if (d < 0) [n, d] = [-n, -d];
  if (d === 1) return `${n}`;
  return n < 0 ? `-\\frac{${-n}}{${d}}` : `\\frac{${n}}{${d}}`;
}

/** Inline TeX. */
export function tex(body: string): string {
  return `\\(${body}\\)`;
}

/**
 * The distractors of a generated item: the candidates that differ from the key and from each other,
 * topped up from `fallback` when typical mistakes happen to coincide, up to `count`.
 */
export function distinctDistractors(
  key: string,
  candidates: string[],
  count: number,
  fallback: string[],
): string[] {
  const chosen: string[] = [];
  for (const candidate of [...candidates, ...fallback]) {
    if (chosen.length === count) break;
    if (candidate !== key && !chosen.includes(candidate)) chosen.push(candidate);
  }
  if (chosen.length < count) throw new Error(`not enough distractors for ${key}`);
  return chosen;
}

/** TeX for a number; a fraction in lowest terms when it is not an integer. */
export function rational(numerator: number, denominator: number): string {
  return tex(frac(numerator, denominator));
}

/**
 * Items of one template: `build` computes the statement, key, distractors and worked solution from
 * each parameter set. Options are sorted by value when they are plain numbers, else shuffled.
 */
export function generate<P extends Record<string, number>>(
  template: string,
  theme: string,
  list: P[],
  build: (p: P) => { statement: string; key: string; distractors: string[]; solution: string },
): GeneratedQuestion[] {
  return list.map((params) => {
    const { statement, key, distractors, solution } = build(params);
    const numeric = [key, ...distractors].every((text) => !/\\frac|\\sqrt|\^/.test(text));
    const question = single(theme, statement, key, distractors, solution, {
      order: numeric ? 'numeric' : 'shuffle',
    });
    return { template, params, question };
  });
}
