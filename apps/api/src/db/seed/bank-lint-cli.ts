// `npm run lint:bank [-- file ...]`: lints the bank files (all of them by default) and prints each
// problem with its file, question number and statement start. Near duplicates are searched against
// the whole bank even when only some files are named. Exits 1 when there are problems.
import path from 'node:path';
import { allBankFiles, catalogThemes, readLintFile } from './bank-lint-files.ts';
import { formatProblem, lintBank } from './bank-lint.ts';

const named = process.argv.slice(2).map((file) => path.resolve(process.env.INIT_CWD ?? '.', file));
const files = [...new Set([...allBankFiles(), ...named])];
const problems = lintBank(files.map(readLintFile), catalogThemes).filter(
  (problem) =>
    named.length === 0 ||
    named.some(
      (file) =>
        path.resolve(path.resolve(import.meta.dirname, '../../../../..'), problem.file) === file,
    ),
);
for (const problem of problems) console.log(formatProblem(problem));
console.log(problems.length ? `${problems.length} problem(s)` : 'No problems.');
process.exitCode = problems.length ? 1 : 0;
