// `npm run lint:bank [-- file ...]`: lints the bank files (all of them by default) and prints each
// problem with its file, question number and statement start. Near duplicates and clone families
// are searched against the whole bank even when only some files are named. Exits 1 when there are
// problems. `--families` also prints the clone families (the same question with other numbers or
// names) per subject; `--accept-families` writes them all to the known list
// (content/bank/known-families.json), so they stop being problems until they change.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  allBankFiles,
  catalogThemes,
  knownFamiliesFile,
  readKnownFamilies,
  readLintFile,
} from './bank-lint-files.ts';
import { bankFamilies, formatProblem, knownFamiliesOf, lintBank } from './bank-lint.ts';

const args = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith('--')));
const named = args
  .filter((arg) => !arg.startsWith('--'))
  .map((file) => path.resolve(process.env.INIT_CWD ?? '.', file));
const root = path.resolve(import.meta.dirname, '../../../..');
const files = [...new Set([...allBankFiles(), ...named])].map(readLintFile);

if (flags.has('--accept-families')) {
  const known = knownFamiliesOf(bankFamilies(files));
  writeFileSync(
    knownFamiliesFile(),
    `${JSON.stringify(
      {
        about:
          'Clone families accepted for now: the same question with other numbers or names. A clone not listed here fails the bank linter. Written by npm run lint:bank -- --accept-families; see docs/content.md.',
        families: known,
      },
      null,
      2,
    )}\n`,
  );
  const count = Object.values(known).reduce((acc, list) => acc + list.length, 0);
  console.log(`${count} families written to ${path.relative(root, knownFamiliesFile())}.`);
}

const known = readKnownFamilies();
if (flags.has('--families')) {
  const families = bankFamilies(files);
  const listed = new Set(
    Object.entries(known).flatMap(([subject, list]) =>
      list.flatMap((entry) => entry.members.map((member) => `${subject}\u0000${member}`)),
    ),
  );
  for (const subject of [...new Set(families.map((family) => family.subject))]) {
    const ofSubject = families.filter((family) => family.subject === subject);
    const questions = ofSubject.reduce((acc, family) => acc + family.members.length, 0);
    console.log(`${subject}: ${ofSubject.length} families, ${questions} questions`);
    for (const family of ofSubject) {
      console.log(`  "${family.name}" (${family.members.length})`);
      for (const member of family.members)
        console.log(
          `    ${member.file} #${member.index} "${member.statement}"${listed.has(`${subject}\u0000${member.text}`) ? '' : ' (new)'}`,
        );
    }
  }
  if (families.length === 0) console.log('No clone families.');
  console.log();
}

const problems = lintBank(files, catalogThemes, known).filter(
  (problem) =>
    named.length === 0 || named.some((file) => path.resolve(root, problem.file) === file),
);
for (const problem of problems) console.log(formatProblem(problem));
console.log(problems.length ? `${problems.length} problem(s)` : 'No problems.');
process.exitCode = problems.length ? 1 : 0;
