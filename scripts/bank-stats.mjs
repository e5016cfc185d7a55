// `npm run bank:stats`: counts of the question bank (content/bank/*.yaml) as a Markdown table, for
// docs/content.md: questions, contexts, distinct kinds, figures and questions built on a context,
// source, table or figure, per subject; then questions per theme.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '..');
const dir = process.env.BANK_DIR
  ? path.resolve(root, process.env.BANK_DIR)
  : path.join(root, 'content', 'bank');
const files = readdirSync(dir)
  .filter((name) => /\.ya?ml$/.test(name))
  .sort();

const rows = [];
const themeRows = [];
for (const name of files) {
  const bank = parse(readFileSync(path.join(dir, name), 'utf8'));
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
