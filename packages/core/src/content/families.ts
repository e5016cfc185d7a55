// Clone families: questions that are one question with other numbers or other people's
// names ("Una chaqueta cuesta 24.000 pesos… descuento del 15 %" and "…36.000 pesos… 25 %"). The bank
// linter reports them and a mock exam takes at most one question of a family. Pure functions on the
// authored sources (HTML with TeX between `\( \)` or `\[ \]`), so the linter (YAML files) and the API
// (the stored `*_source` columns) find the same families.

/** A question as family detection reads it: its texts as authored. */
export interface FamilyQuestion {
  statement: string;
  choices: ReadonlyArray<string>;
  /** The shared text the question is on, if any (its body), and a key naming it. */
  context?: { key: string | number; body: string } | null;
}

/**
 * Two questions are clones when their statements (with the context's text, numbers as `#` and
 * people's names as `@`) are this similar as word sequences (1 − edit distance / longer length)...
 */
export const FAMILY_STATEMENT_SIMILARITY = 0.8;
/**
 * ...with the same words (not numbers or symbols; plurals folded), all but one in ten (Jaccard of
 * the word sets): another object or operation (a cone for a cylinder) is another question...
 */
export const FAMILY_VOCABULARY_SIMILARITY = 0.9;
/** ...and their options' pairs of consecutive words overlap at least this much (Jaccard). */
export const FAMILY_OPTION_SIMILARITY = 0.5;

const ENTITIES: Record<string, string> = {
  '&nbsp;': ' ',
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&thinsp;': ' ',
  '&minus;': '-',
};

/**
 * Common first names in Chile (and the bank): a capitalised word that starts a sentence is a
 * person's name only when it is one of these; elsewhere in a sentence any capitalised word is.
 */
const FIRST_NAMES = new Set(
  (
    'agustín alberto alejandra alonso amanda ana andrea andrés antonia antonio benjamín bruno camila ' +
    'carla carlos carmen catalina clara claudia constanza cristóbal daniel daniela diego elena ' +
    'emilia esteban fernanda fernando florencia francisca francisco gabriel gabriela gaspar ' +
    'ignacia ignacio isabel isidora javier javiera joaquín jorge josé josefa juan julia julián ' +
    'laura lucas lucía luis luisa manuel marcela marcelo maría martín martina mateo matías ' +
    'maximiliano nicolás olivia pablo paula pedro rafael raúl ricardo roberto rodrigo rosa ' +
    'sebastián sofía tomás valentina valeria vicente ximena'
  ).split(' '),
);

/** The entities the bank writes, decoded; any other entity becomes a space. */
export function decodeEntities(text: string): string {
  return text.replace(/&[a-z#0-9]+;/gi, (entity) => ENTITIES[entity.toLowerCase()] ?? ' ');
}

/** Visible text of an HTML fragment: tags dropped, entities decoded, figures read by their text. */
function visibleText(html: string): string {
  return decodeEntities(
    html
      .replace(/<svg\b[^>]*?\baria-label\s*=\s*"([^"]*)"[^>]*>[\s\S]*?<\/svg>/gi, ' $1 ')
      .replace(/<[^>]*>/g, ' '),
  );
}

/**
 * TeX as plain symbols: delimiters, spacing and font commands dropped, `\frac{a}{b}` as `a / b`,
 * `\lt` as `<`, braces gone; `+` and `-` as one sign, since a clone flips signs with its numbers.
 */
function plainMath(tex: string): string {
  let text = tex
    .replace(/\{,\}/g, ',')
    // A numeric fraction is a number; so is a signed number where a sign cannot be an operation.
    .replace(/\\[dt]?frac\{\s*[-−]?\s*[\d.,]+\s*\}\{\s*[\d.,]+\s*\}/g, ' 1 ')
    .replace(/(^|[=(<>,*/^{]|\\(?:lt|gt|le|ge|leq|geq)\b)\s*[-+−]\s*(?=\d)/g, '$1 ');
  for (let i = 0; i < 3; i++)
    text = text.replace(/\\[dt]?frac\{([^{}]*)\}\{([^{}]*)\}/g, ' ( $1 ) / ( $2 ) ');
  return text
    .replace(/\\(?:text|mathrm|mathbf|operatorname)\{([^{}]*)\}/g, ' $1 ')
    .replace(/\\lt\b/g, ' < ')
    .replace(/\\gt\b/g, ' > ')
    .replace(/\\(?:cdot|times)\b/g, ' * ')
    .replace(/\\(?:left|right|displaystyle|,|;|!|:| )/g, ' ')
    .replace(/\\([a-zA-Z]+)/g, ' $1 ')
    .replace(/[{}]/g, ' ')
    .replace(/[-+−±]/g, ' ± ');
}

// A number as authors write it: thousands grouped by a point or space, a decimal comma or point.
const NUMBER = /\d{1,3}(?:[.\s]\d{3})+(?:,\d+)?(?!\d)|\d+(?:[.,]\d+)?/g;

/**
 * The words of a text with numbers as `#` and people's names as `@`: lowercase, punctuation gone,
 * TeX read as symbols. What two clones have in common.
 */
export function normalisedWords(html: string): string[] {
  const visible = visibleText(html).replace(
    /\\\(([\s\S]*?)\\\)|\\\[([\s\S]*?)\\\]/g,
    (_m, inline?: string, display?: string) => ` ${plainMath(inline ?? display ?? '')} `,
  );
  const words: string[] = [];
  let sentenceStart = true;
  for (const raw of visible.replace(NUMBER, ' # ').split(/\s+/)) {
    if (!raw) continue;
    const startsSentence = sentenceStart || /^[¿¡]/.test(raw);
    sentenceStart = /[.?!:]$/.test(raw);
    const word = raw.replace(/^[^\p{L}\p{N}#<>=/*^±%()|]+|[^\p{L}\p{N}#<>=/*^±%()|]+$/gu, '');
    if (!word) continue;
    const lower = word.toLowerCase();
    const isName = /^\p{Lu}\p{Ll}+$/u.test(word) && (FIRST_NAMES.has(lower) || !startsSentence);
    words.push(isName ? '@' : lower);
  }
  return words;
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const item of a) if (b.has(item)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 1 : shared / union;
}

function pairs(words: ReadonlyArray<string>): Set<string> {
  const result = new Set<string>();
  for (let i = 0; i + 2 <= words.length; i++) result.add(`${words[i]} ${words[i + 1]}`);
  if (words.length === 1) result.add(words[0]!);
  return result;
}

/** 1 − the word edit distance over the longer length; below `floor`, any value below it. */
function sequenceSimilarity(a: ReadonlyArray<string>, b: ReadonlyArray<string>, floor: number) {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  const budget = Math.floor((1 - floor) * longer);
  if (Math.abs(a.length - b.length) > budget) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      best = Math.min(best, current[j]!);
    }
    if (best > budget) return 0;
    previous = current;
  }
  return 1 - previous[b.length]! / longer;
}

/** The words of a sequence (not numbers or symbols), plurals folded. */
function vocabulary(words: ReadonlyArray<string>): Set<string> {
  return new Set(
    words
      .filter((word) => /\p{L}/u.test(word))
      .map((word) => word.replace(/(?<=\p{L}{3})e?s$/u, '')),
  );
}

/** A question's context and statement as normalised words (what a clone repeats). */
export function statementWords(question: FamilyQuestion): string[] {
  return [question.context?.body ?? '', question.statement].flatMap(normalisedWords);
}

/** The statement's normalised words, as a family's readable name (numbers `#`, names `@`). */
export function familyName(question: FamilyQuestion, length = 12): string {
  const words = normalisedWords(question.statement);
  return words.slice(0, length).join(' ') + (words.length > length ? ' …' : '');
}

/** Whether two questions (not on the same context) are clones of each other. */
export function areClones(a: FamilyQuestion, b: FamilyQuestion): boolean {
  return cloneFamilies([a, b]).length === 1;
}

/**
 * The clone families of a bank: groups (2 or more, each in input order, groups by their first
 * member) of questions whose statements with their contexts are `FAMILY_STATEMENT_SIMILARITY`
 * alike as word sequences with `FAMILY_VOCABULARY_SIMILARITY` of their words in common, and whose
 * options' word pairs overlap `FAMILY_OPTION_SIMILARITY`, with numbers and names normalised,
 * joined transitively. Questions on the same context are never a
 * family: they are read together anyway. Indices are positions in `questions`.
 */
export function cloneFamilies(questions: ReadonlyArray<FamilyQuestion>): number[][] {
  const statements = questions.map(statementWords);
  const statementPairs = statements.map(pairs);
  const vocabularies = statements.map(vocabulary);
  const optionPairs = questions.map((question) => pairs(question.choices.flatMap(normalisedWords)));
  const contextOf = questions.map((question) => question.context?.key ?? null);
  const parent = questions.map((_, index) => index);
  const root = (index: number): number => {
    while (parent[index] !== index) {
      parent[index] = parent[parent[index]!]!;
      index = parent[index]!;
    }
    return index;
  };
  // Candidates share word pairs; an inverted index keeps the comparison near linear.
  const index = new Map<string, number[]>();
  statementPairs.forEach((set, i) => {
    for (const pair of set) {
      const list = index.get(pair);
      if (list) list.push(i);
      else index.set(pair, [i]);
    }
  });
  statementPairs.forEach((set, i) => {
    const shared = new Map<number, number>();
    for (const pair of set)
      for (const j of index.get(pair)!) if (j > i) shared.set(j, (shared.get(j) ?? 0) + 1);
    for (const [j, count] of shared) {
      if (contextOf[i] !== null && contextOf[i] === contextOf[j]) continue;
      // Sequences this alike share at least half their word pairs: cheap filter first.
      if (count / (set.size + statementPairs[j]!.size - count) < 0.5) continue;
      if (jaccard(vocabularies[i]!, vocabularies[j]!) < FAMILY_VOCABULARY_SIMILARITY) continue;
      if (jaccard(optionPairs[i]!, optionPairs[j]!) < FAMILY_OPTION_SIMILARITY) continue;
      const similarity = sequenceSimilarity(
        statements[i]!,
        statements[j]!,
        FAMILY_STATEMENT_SIMILARITY,
      );
      if (similarity >= FAMILY_STATEMENT_SIMILARITY) parent[root(j)] = root(i);
    }
  });
  const groups = new Map<number, number[]>();
  questions.forEach((_, i) => {
    const key = root(i);
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  return [...groups.values()].filter((group) => group.length > 1).sort((a, b) => a[0]! - b[0]!);
}
