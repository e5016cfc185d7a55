// `npm run bank:stats`: counts of the question bank (content/bank/*.yaml) as a Markdown table, for
// docs/content.md: questions, contexts, distinct kinds, figures and questions built on a context,
// source, table or figure, per subject; then questions per theme; then the difficulty profile and
// clone families per subject, and three mock exams in a row per subject drawn by the engine's
// selection (packages/core/src/engine/selection.ts) as one student would get them: their
// questions, reading units, texts, difficulty profile, theme counts and repeats.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { cloneFamilies } from '../packages/core/src/content/families.ts';
import { mockExamDifficultyProfile } from '../packages/core/src/engine/difficulty.ts';
import { seededRandom } from '../packages/core/src/engine/random.ts';
import { examWeights, selectMockExam } from '../packages/core/src/engine/selection.ts';
import { DEMO_SUBJECTS } from '../apps/api/src/seed/demo-catalog.ts';

const root = path.resolve(import.meta.dirname, '..');
const dir = process.env.BANK_DIR
  ? path.resolve(root, process.env.BANK_DIR)
  : path.join(root, 'content', 'bank');
const files = readdirSync(dir)
  .filter((name) => /\.ya?ml$/.test(name))
  .sort();

const rows = [];
const themeRows = [];
const textRows = [];
/** Words of an HTML fragment: tags, entities, TeX delimiters and paragraph numbers left out. */
const words = (html) =>
  String(html)
    .replace(/<svg[\s\S]*?<\/svg>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z]+;/gi, ' ')
    .replace(/\[\d+\]/g, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
/** The common themes (Ciencias: not an elective module). */
const isElective = (theme) => /^Electivo /.test(theme);
const banks = [];
for (const name of files) {
  const bank = parse(readFileSync(path.join(dir, name), 'utf8'));
  banks.push(bank);
  const questions = bank.questions ?? [];
  const contexts = new Map(
    (bank.contexts ?? []).map((context) => [context.key, context.body ?? '']),
  );
  const texts = (question) =>
    [question.statement ?? '', ...(question.choices ?? []).map((c) => c.body ?? '')].join(' ');
  const figure = (question) =>
    /<svg/i.test(texts(question)) || /<svg/i.test(contexts.get(question.context) ?? '');
  const built = questions.filter(
    (question) => question.context || /<(table|svg|blockquote|figure)\b/i.test(texts(question)),
  ).length;
  rows.push([
    bank.subject?.name ?? name,
    questions.length,
    contexts.size,
    new Set(questions.map((question) => question.kind).filter(Boolean)).size,
    questions.filter(figure).length,
    questions.length ? `${Math.round((100 * built) / questions.length)} %` : '0 %',
  ]);
  // Texts and sources with their length, and the share of questions built on one.
  const lengths = [...contexts.values()].map(words).sort((a, b) => a - b);
  const used = new Set(questions.map((question) => question.context).filter(Boolean));
  const common = questions.filter((question) => !isElective(question.theme ?? ''));
  // In a context as the review counted it: a shared text, table or figure, or a
  // statement of 25 words or more (a situation), TeX counted as one word.
  const situated = questions.filter(
    (question) =>
      question.context ||
      /<(table|svg|figure)\b/i.test(question.statement ?? '') ||
      words(String(question.statement ?? '').replace(/\\\(.*?\\\)/g, ' x ')) >= 25,
  ).length;
  const commonBuilt = common.filter(
    (question) => question.context || /<(table|svg|blockquote|figure)\b/i.test(texts(question)),
  ).length;
  textRows.push([
    bank.subject?.name ?? name,
    used.size,
    lengths.length ? `${lengths[0]}–${lengths.at(-1)}` : '–',
    lengths.length ? lengths[Math.floor(lengths.length / 2)] : '–',
    lengths.filter((length) => length >= 600).length,
    lengths.filter((length) => length >= 120 && length <= 400).length,
    common.length < questions.length && common.length
      ? `${Math.round((100 * commonBuilt) / common.length)} % of ${common.length}`
      : '–',
    questions.length ? `${Math.round((100 * situated) / questions.length)} %` : '–',
  ]);
  const perTheme = new Map();
  for (const question of questions)
    perTheme.set(question.theme, (perTheme.get(question.theme) ?? 0) + 1);
  for (const [theme, count] of perTheme) themeRows.push([bank.subject?.name ?? name, theme, count]);
}

const table = (header, body) =>
  [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...body.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
const total = rows.reduce((sum, row) => sum + row[1], 0);
console.log(
  table(
    ['subject', 'questions', 'contexts', 'kinds', 'figures', 'on a context/source/table/figure'],
    [
      ...rows,
      [
        '**total**',
        total,
        rows.reduce((sum, row) => sum + row[2], 0),
        '',
        rows.reduce((sum, row) => sum + row[4], 0),
        '',
      ],
    ],
  ),
);
console.log();
console.log(table(['subject', 'theme', 'questions'], themeRows));
console.log();
console.log(
  table(
    [
      'subject',
      'texts/sources used',
      'words (min–max)',
      'median words',
      'of 600+ words',
      'of 120–400 words',
      'common module on data/experiment/model',
      'in a context or a situation (25+ words)',
    ],
    textRows,
  ),
);

// --- difficulty and clone families --------------------------------------------------------------

const percent = (part, whole) => (whole ? `${Math.round((100 * part) / whole)} %` : '–');
/** "easy / medium / hard" as percentages of the questions given. */
const profileOf = (questions) => {
  const count = (difficulty) =>
    questions.filter((question) => (question.difficulty ?? 2) === difficulty).length;
  return [1, 2, 3].map((difficulty) => percent(count(difficulty), questions.length)).join(' / ');
};

/** A bank file as the engine sees it: stems with theme, context, difficulty and clone family. */
function engineBank(bank) {
  const contexts = new Map(
    (bank.contexts ?? []).map((context) => [context.key, context.body ?? '']),
  );
  const questions = bank.questions ?? [];
  const families = new Map();
  cloneFamilies(
    questions.map((question) => ({
      statement: question.statement ?? '',
      choices: (question.choices ?? []).map((choice) => choice.body ?? ''),
      context: question.context
        ? { key: question.context, body: contexts.get(question.context) ?? '' }
        : null,
    })),
  ).forEach((group, family) => group.forEach((index) => families.set(index, family)));
  const themeIds = new Map();
  const contextIds = new Map();
  const stems = questions.map((question, index) => {
    if (!themeIds.has(question.theme)) themeIds.set(question.theme, themeIds.size + 1);
    if (question.context && !contextIds.has(question.context))
      contextIds.set(question.context, contextIds.size + 1);
    return {
      id: index + 1,
      themeId: themeIds.get(question.theme),
      contextId: question.context ? contextIds.get(question.context) : null,
      stemNumber: index + 1,
      difficulty: question.difficulty ?? 2,
      family: families.get(index) ?? null,
    };
  });
  return { stems, themeIds, families: new Set(families.values()).size };
}

const difficultyRows = [];
const examRows = [];
/** Mock exams in a row per subject, as one student would take them. */
const EXAMS = 3;
for (const bank of banks) {
  const subject = bank.subject?.name ?? '';
  const questions = bank.questions ?? [];
  const { stems, themeIds, families } = engineBank(bank);
  const inFamilies = stems.filter((stem) => stem.family !== null).length;
  difficultyRows.push([subject, questions.length, profileOf(questions), families, inFamilies]);
  const catalog = DEMO_SUBJECTS.find((candidate) => candidate.name === subject);
  if (!catalog) continue;
  const weights = catalog.themes.map(([name, weight]) => ({
    themeId: themeIds.get(name),
    weight,
    isElective: (catalog.electives ?? []).includes(name),
  }));
  const elective = weights.find((theme) => theme.isElective) ?? null;
  const exam = examWeights(weights, elective?.themeId ?? null);
  const profile = mockExamDifficultyProfile(catalog.standardTestId);
  const random = seededRandom(2027);
  const seen = new Map();
  for (let attempt = 1; attempt <= EXAMS; attempt++) {
    const chosen = selectMockExam(stems, exam, catalog.period.questionCount, random, seen, profile);
    const repeated = chosen.filter((stem) => seen.has(stem.id)).length;
    for (const stem of chosen) seen.set(stem.id, attempt);
    const texts = new Set(
      chosen.flatMap((stem) => (stem.contextId === null ? [] : [stem.contextId])),
    );
    const units = texts.size + chosen.filter((stem) => stem.contextId === null).length;
    const takenFamilies = chosen.flatMap((stem) => (stem.family === null ? [] : [stem.family]));
    const themeName = new Map([...themeIds].map(([name, id]) => [id, name]));
    examRows.push([
      `${subject}${elective ? ` (${[...themeIds].find(([, id]) => id === elective.themeId)[0]})` : ''}`,
      attempt,
      chosen.length,
      units,
      texts.size,
      profileOf(chosen),
      exam
        .map((theme) => `${chosen.filter((stem) => stem.themeId === theme.themeId).length}`)
        .join(' / ') + ` (${exam.map((theme) => themeName.get(theme.themeId)).join(' / ')})`,
      takenFamilies.length - new Set(takenFamilies).size,
      repeated,
    ]);
  }
}
console.log();
console.log(
  table(
    ['subject', 'questions', 'easy / medium / hard', 'clone families', 'questions in them'],
    difficultyRows,
  ),
);
console.log();
console.log(
  `${EXAMS} mock exams in a row per subject (one student, seeded draw; profile target: PAES 30 / 45 / 25 %, class B 50 / 40 / 10 %):`,
);
console.log();
console.log(
  table(
    [
      'subject',
      'exam',
      'questions',
      'units',
      'texts / sources',
      'easy / medium / hard',
      'per theme',
      'second of a family',
      'repeated',
    ],
    examRows,
  ),
);
