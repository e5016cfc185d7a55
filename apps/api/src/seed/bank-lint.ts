// The bank linter: checks on the content of the YAML bank files (`content/bank/*.yaml`) that the
// importer cannot make, because they are about meaning rather than shape: options that say the same
// thing, solutions that name an option by its position (options are shuffled), numeric keys that
// disagree with their `check`, near-duplicate questions, clones (the same question with other
// numbers or names) not in the list of known families, missing solutions, kinds, difficulties and
// figure text alternatives. Pure functions; `bank-lint.test.ts` runs it on every file and
// `bank-lint-cli.ts` prints its findings for authors (`npm run lint:bank`).
import { cloneFamilies, decodeEntities, familyName } from '@ensaya/core/content/families';
import { isDifficulty } from '@ensaya/core/engine/difficulty';

/** A question as written in a bank file (the authoring defaults of the import format). */
export type LintQuestion = {
  theme?: unknown;
  kind?: unknown;
  difficulty?: unknown;
  context?: unknown;
  statement?: unknown;
  solution?: unknown;
  check?: unknown;
  choices?: unknown;
};

export type LintFile = {
  /** Path shown in messages. */
  file: string;
  subject: string;
  contexts: Array<{ key: string; body: string }>;
  questions: LintQuestion[];
  /** Why the file could not be read (YAML syntax), if it could not. */
  error?: string;
};

export type LintProblem = {
  file: string;
  /** 1-based position of the question in its file; null for a problem of the file itself. */
  index: number | null;
  /** The start of the statement, so an author finds the question. */
  statement: string;
  message: string;
};

/** Visible text of an HTML fragment: tags dropped, entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Text with TeX delimiters and spacing commands removed and `\frac{a}{b}` written `a/b`. */
function untex(text: string): string {
  return text
    .replace(/\\[()[\]]/g, ' ')
    .replace(/\{,\}/g, ',')
    .replace(/\\[,;! ]/g, '')
    .replace(/\\[dt]?frac\{\s*([^{}]*?)\s*\}\{\s*([^{}]*?)\s*\}/g, (_m, a: string, b: string) =>
      /^-?[\d.,]+$/.test(a) && /^[\d.,]+$/.test(b) ? `${a}/${b}` : `(${a})/(${b})`,
    )
    .replace(/\\(?:text|mathrm)\{([^{}]*)\}/g, '$1')
    .replace(/\\cdot|\\times/g, '*')
    .replace(/\\%/g, '%');
}

// A number as authors write it: thousands grouped by a point or a space (exactly three digits per
// group), a decimal comma or point, a leading minus; optionally a fraction `a/b`.
const NUMBER = /-?\d{1,3}(?:[ .]\d{3})+(?:,\d+)?(?!\d)|-?\d+(?:[.,]\d+)?/;
const FRACTION = new RegExp(`(${NUMBER.source})(?:\\s*/\\s*(${NUMBER.source}))?`, 'g');

function parseNumber(token: string): number {
  const grouped = /^-?\d{1,3}(?:[ .]\d{3})+(?:,\d+)?$/.test(token);
  const cleaned = grouped ? token.replace(/[ .]/g, '') : token;
  return Number(cleaned.replace(',', '.'));
}

/** The first number (or fraction) in an option's text, or undefined when it has none. */
export function firstNumber(body: string): number | undefined {
  const text = untex(plainText(body)).replace(/−/g, '-');
  FRACTION.lastIndex = 0;
  const match = FRACTION.exec(text);
  if (!match) return undefined;
  const numerator = parseNumber(match[1]!);
  return match[2] === undefined ? numerator : numerator / parseNumber(match[2]);
}

function canonical(value: number): string {
  return String(Number(value.toPrecision(10)));
}

/**
 * The form two options are compared in: lowercase text without tags and punctuation, every number
 * and numeric fraction replaced by its value (so `20/50`, `\frac{2}{5}` and `0,4` agree).
 */
export function normalizeOption(body: string): string {
  const text = untex(plainText(body))
    .replace(/−/g, '-')
    .replace(/\{(\w)\}/g, '$1');
  FRACTION.lastIndex = 0;
  const numbers: string[] = [];
  const marked = text.replace(FRACTION, (_m, a: string, b?: string) => {
    const value = b === undefined ? parseNumber(a) : parseNumber(a) / parseNumber(b);
    numbers.push(canonical(value));
    return ` \u0001${numbers.length - 1}\u0001 `;
  });
  return (
    marked
      .normalize('NFC')
      // Lowercase, except short symbols where case is meaning (alleles Aa/AA, CO/Co).
      .replace(/\S+/g, (word) =>
        word.length <= 3 && /[A-Z]/.test(word.slice(1)) ? word : word.toLowerCase(),
      )
      .replace(/[.,;:¿?¡!"'«»“”‘’…]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      // eslint-disable-next-line no-control-regex -- the markers set just above
      .replace(/\u0001(\d+)\u0001/g, (_m, i: string) => numbers[+i]!)
  );
}

// --- check expressions -----------------------------------------------------------------------

/**
 * Evaluates a `check`: numbers, `+ - * / ^`, parentheses, `sqrt(x)` and `pi`. Throws on anything
 * else (no `eval`: a tiny recursive-descent parser).
 */
export function evaluateCheck(expression: string): number {
  const tokens = expression.match(/\d+(?:\.\d+)?|sqrt|pi|[-+*/^()]|\S/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const take = (expected?: string) => {
    const token = tokens[at++];
    if (token === undefined || (expected !== undefined && token !== expected))
      throw new Error(`expected ${expected ?? 'a value'} in "${expression}"`);
    return token;
  };
  const primary = (): number => {
    const token = take();
    if (/^\d/.test(token)) return Number(token);
    if (token === 'pi') return Math.PI;
    if (token === '(') {
      const value = sum();
      take(')');
      return value;
    }
    if (token === 'sqrt') {
      take('(');
      const value = sum();
      take(')');
      return Math.sqrt(value);
    }
    if (token === '-') return -power();
    if (token === '+') return power();
    throw new Error(`unexpected "${token}" in "${expression}"`);
  };
  const power = (): number => {
    const base = primary();
    if (peek() === '^') {
      take();
      return base ** power();
    }
    return base;
  };
  const product = (): number => {
    let value = power();
    while (peek() === '*' || peek() === '/')
      value = take() === '*' ? value * power() : value / power();
    return value;
  };
  const sum = (): number => {
    let value = product();
    while (peek() === '+' || peek() === '-')
      value = take() === '+' ? value + product() : value - product();
    return value;
  };
  const value = sum();
  if (at !== tokens.length) throw new Error(`unexpected "${tokens[at]}" in "${expression}"`);
  return value;
}

// --- positional references -------------------------------------------------------------------

const ORDINALS_ES =
  'primer[ao]?|segund[ao]|tercer[ao]?|cuart[ao]|quint[ao]|últim[ao]|penúltim[ao]|anterior(?:es)?';
const POSITIONAL = [
  // "la última opción", "la primera alternativa", "la segunda respuesta"
  new RegExp(`(?<!\\p{L})(?:${ORDINALS_ES})\\s+(?:opci[oó]n|alternativa)`, 'iu'),
  // "la opción B", "alternativa C)", "respuesta (d)"
  /\b(?:opci[oó]n|alternativa|respuesta)\s*\(?[A-E]\b\)?/,
  // "la B)" at the start of a sentence or after a comma
  /(?:^|[.,;:]\s+)(?:la\s+)?\(?[A-E]\)\s/,
  // English
  /\b(?:first|second|third|fourth|fifth|last)\s+(?:option|choice|answer|alternative)\b/i,
  /\b(?:option|choice|answer|alternative)\s*\(?[A-E]\b\)?/,
];

/** The wording of a solution that names an option by its position or letter, if any. */
export function positionalReference(solution: string): string | undefined {
  const text = plainText(solution);
  // "la segunda respuesta", unless the text is about immune responses (primary, secondary).
  const answer = new RegExp(`(?<!\\p{L})(?:${ORDINALS_ES})\\s+respuesta\\b`, 'iu').exec(text);
  if (answer && !/inmun|anticuerp|antígen/i.test(text)) return answer[0];
  for (const pattern of POSITIONAL) {
    const match = pattern.exec(text);
    if (match) return match[0].trim();
  }
  return undefined;
}

// --- near duplicates -------------------------------------------------------------------------

function shingles(text: string): Set<string> {
  const words = untex(plainText(text))
    .toLowerCase()
    .replace(/[.,;:¿?¡!"'«»“”‘’…()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const result = new Set<string>();
  for (let i = 0; i + 3 <= words.length; i++) result.add(words.slice(i, i + 3).join(' '));
  return result;
}

/** Pairs of questions whose statement+options word 3-shingles have Jaccard ≥ `threshold`. */
export function nearDuplicates<T>(
  items: Array<{ item: T; text: string }>,
  threshold = 0.85,
): Array<[T, T, number]> {
  const sets = items.map(({ text }) => shingles(text));
  const index = new Map<string, number[]>();
  sets.forEach((set, i) => {
    for (const shingle of set) {
      const list = index.get(shingle);
      if (list) list.push(i);
      else index.set(shingle, [i]);
    }
  });
  const pairs: Array<[T, T, number]> = [];
  sets.forEach((set, i) => {
    const shared = new Map<number, number>();
    for (const shingle of set)
      for (const j of index.get(shingle)!) if (j > i) shared.set(j, (shared.get(j) ?? 0) + 1);
    for (const [j, count] of shared) {
      const similarity = count / (set.size + sets[j]!.size - count);
      if (similarity >= threshold) pairs.push([items[i]!.item, items[j]!.item, similarity]);
    }
  });
  return pairs;
}

// --- clone families ----------------------------------------------------------------------------

/** Clone families accepted for now, per subject: each family's name and its members' texts. */
export type KnownFamilies = Record<string, Array<{ name: string; members: string[] }>>;

export type FamilyMember = { file: string; index: number; statement: string; text: string };
export type BankFamily = { subject: string; name: string; members: FamilyMember[] };

/**
 * How a known family lists a question: its statement as plain text, after the key of its
 * context when it is on one (two texts may ask the same).
 */
export function memberText(question: LintQuestion): string {
  const statement = plainText(text(question.statement));
  const context = question.context;
  return context === undefined || context === null
    ? statement
    : `[${String(context)}] ${statement}`;
}

/**
 * The clone families of the bank (core `cloneFamilies`: the same question with other numbers or
 * people's names), per subject across the files given, each named by its first question.
 */
export function bankFamilies(files: LintFile[]): BankFamily[] {
  const bySubject = new Map<
    string,
    Array<{ file: LintFile; question: LintQuestion; index: number }>
  >();
  for (const file of files) {
    if (file.error !== undefined) continue;
    const list = bySubject.get(file.subject) ?? [];
    file.questions.forEach((question, position) =>
      list.push({ file, question, index: position + 1 }),
    );
    bySubject.set(file.subject, list);
  }
  const families: BankFamily[] = [];
  for (const [subject, entries] of bySubject) {
    const asFamily = entries.map(({ file, question }) => {
      const key = question.context;
      const body =
        key === undefined || key === null
          ? undefined
          : file.contexts.find((context) => context.key === String(key))?.body;
      return {
        statement: text(question.statement),
        choices: choicesOf(question).map((choice) => choice.body),
        context:
          key === undefined || key === null
            ? null
            : { key: `${file.file}:${String(key)}`, body: body ?? '' },
      };
    });
    for (const group of cloneFamilies(asFamily)) {
      families.push({
        subject,
        name: familyName(asFamily[group[0]!]!),
        members: group.map((i) => {
          const { file, question, index } = entries[i]!;
          return {
            file: file.file,
            index,
            statement: plainText(text(question.statement)).slice(0, 60),
            text: memberText(question),
          };
        }),
      });
    }
  }
  return families;
}

/**
 * Problems of the clone families: a member not in the known families (a new clone: rewrite it,
 * or accept it into the list) and a known member no longer in the bank (the list is stale).
 */
export function familyProblems(
  families: BankFamily[],
  known: KnownFamilies,
  knownFile = 'content/bank/known-families.json',
): LintProblem[] {
  const problems: LintProblem[] = [];
  const accept = 'npm run lint:bank -- --accept-families';
  for (const family of families) {
    const listed = new Set((known[family.subject] ?? []).flatMap((entry) => entry.members));
    for (const member of family.members) {
      if (listed.has(member.text)) continue;
      const other = family.members.find((candidate) => candidate !== member)!;
      problems.push({
        file: member.file,
        index: member.index,
        statement: member.statement,
        message: `clone of ${other.file} #${other.index} "${other.statement}" (family "${family.name}": the same question with other numbers or names); rewrite it, or when it is meant list it in ${knownFile} (${accept})`,
      });
    }
  }
  const present = new Set(
    families.flatMap((family) => family.members.map((m) => `${family.subject}\u0000${m.text}`)),
  );
  for (const [subject, entries] of Object.entries(known))
    for (const entry of entries)
      for (const member of entry.members)
        if (!present.has(`${subject}\u0000${member}`))
          problems.push({
            file: knownFile,
            index: null,
            statement: member.slice(0, 60),
            message: `known clone of "${entry.name}" (${subject}) is no longer one in the bank; refresh the list (${accept})`,
          });
  return problems;
}

/** The known-families list that accepts every family found now. */
export function knownFamiliesOf(families: BankFamily[]): KnownFamilies {
  const known: KnownFamilies = {};
  for (const family of families)
    (known[family.subject] ??= []).push({
      name: family.name,
      members: family.members.map((member) => member.text),
    });
  return known;
}

// --- the linter ------------------------------------------------------------------------------

type Choice = { body: string; is_correct: boolean };

function choicesOf(question: LintQuestion): Choice[] {
  if (!Array.isArray(question.choices)) return [];
  return question.choices.map((choice: unknown) => {
    const entry = (choice ?? {}) as { body?: unknown; is_correct?: unknown };
    return { body: String(entry.body ?? ''), is_correct: entry.is_correct === true };
  });
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Every `<svg>` start tag lacking `role="img"` or a non-empty `aria-label`. */
export function svgWithoutAlternative(html: string): boolean {
  for (const match of html.matchAll(/<svg\b[^>]*>/gi)) {
    const tag = match[0];
    if (!/\brole\s*=\s*"img"/i.test(tag) || !/\baria-label\s*=\s*"\s*[^"\s][^"]*"/i.test(tag))
      return true;
  }
  return false;
}

/**
 * Lints bank files. `themesOf(subject)` gives the subject's theme names (undefined for an unknown
 * subject). Near duplicates are searched across all the files given, clone families across the
 * files of a subject; a clone not in `knownFamilies` is a problem.
 */
export function lintBank(
  files: LintFile[],
  themesOf: (subject: string) => string[] | undefined,
  knownFamilies: KnownFamilies = {},
): LintProblem[] {
  const problems: LintProblem[] = [];
  const all: Array<{ item: { file: string; index: number; statement: string }; text: string }> = [];
  for (const file of files) {
    if (file.error !== undefined) {
      problems.push({ file: file.file, index: null, statement: '', message: file.error });
      continue;
    }
    const themes = themesOf(file.subject);
    if (!themes)
      problems.push({
        file: file.file,
        index: null,
        statement: '',
        message: `unknown subject "${file.subject}"`,
      });
    const contextKeys = new Set(file.contexts.map((context) => context.key));
    for (const context of file.contexts) {
      if (svgWithoutAlternative(context.body))
        problems.push({
          file: file.file,
          index: null,
          statement: `context ${context.key}`,
          message: 'an <svg> without role="img" and a non-empty aria-label',
        });
    }
    file.questions.forEach((question, position) => {
      const statement = text(question.statement);
      const at = {
        file: file.file,
        index: position + 1,
        statement: plainText(statement).slice(0, 60),
      };
      const report = (message: string) => problems.push({ ...at, message });
      const choices = choicesOf(question);
      const solution = text(question.solution);

      if (!text(question.kind).trim()) report('missing kind');
      if (!isDifficulty(question.difficulty))
        report('missing or invalid difficulty (1 easy, 2 medium, 3 hard)');
      if (!plainText(solution)) report('missing or empty solution');
      if (themes && !themes.includes(text(question.theme)))
        report(`theme "${text(question.theme)}" is not a theme of ${file.subject}`);
      const context = question.context;
      if (context !== undefined && context !== null && !contextKeys.has(String(context)))
        report(`context "${String(context)}" is not defined in the file`);
      if (
        [statement, solution, ...choices.map((choice) => choice.body)].some(svgWithoutAlternative)
      )
        report('an <svg> without role="img" and a non-empty aria-label');

      const seen = new Map<string, number>();
      choices.forEach((choice, i) => {
        const key = normalizeOption(choice.body);
        const previous = seen.get(key);
        if (previous !== undefined)
          report(
            `options ${previous + 1} and ${i + 1} say the same: "${plainText(choices[previous]!.body)}" / "${plainText(choice.body)}"`,
          );
        else seen.set(key, i);
      });

      const reference = positionalReference(solution);
      if (reference)
        report(
          `the solution names an option by position or letter ("${reference}"): options are shuffled`,
        );

      if (question.check !== undefined && question.check !== null) {
        const correct = choices.filter((choice) => choice.is_correct);
        try {
          const expected = evaluateCheck(String(question.check));
          const actual = correct.length === 1 ? firstNumber(correct[0]!.body) : undefined;
          if (actual === undefined) report('check given but the correct option has no number');
          else if (Math.abs(actual - expected) > 1e-6 * Math.max(1, Math.abs(expected)))
            report(
              `check ${String(question.check)} = ${canonical(expected)}, the key says ${canonical(actual)}`,
            );
        } catch (error) {
          report(`check: ${(error as Error).message}`);
        }
      }

      all.push({
        item: at,
        text: [statement, ...choices.map((choice) => choice.body)].join(' '),
      });
    });
  }
  const duplicated = new Set<string>();
  for (const [a, b, similarity] of nearDuplicates(all)) {
    problems.push({
      ...a,
      message: `near duplicate (${Math.round(similarity * 100)} %) of ${b.file} #${b.index} "${b.statement}"`,
    });
    duplicated.add(`${a.file}#${a.index}`).add(`${b.file}#${b.index}`);
  }
  // A near duplicate is a clone too: said once, as the near duplicate.
  problems.push(
    ...familyProblems(bankFamilies(files), knownFamilies).filter(
      (problem) => !duplicated.has(`${problem.file}#${problem.index}`),
    ),
  );
  return problems;
}

export function formatProblem(problem: LintProblem): string {
  const where = problem.index === null ? problem.file : `${problem.file} #${problem.index}`;
  return `${where}${problem.statement ? ` "${problem.statement}"` : ''}: ${problem.message}`;
}
