import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { bankDir, bankFiles, readBankYaml } from './bank-files.ts';
import type { KnownFamilies, LintFile } from './bank-lint.ts';
import { DEMO_SUBJECTS } from './demo-catalog.ts';

// Reading bank files for the linter: the subject files and, when present, the writers' incoming
// files. The raw YAML is linted (not the imported result), so every question is looked at.

/** The subject files of `content/bank/` and those of `content/bank/incoming/`. */
export function allBankFiles(dir = bankDir()): string[] {
  const incoming = path.join(dir, 'incoming');
  return [...bankFiles(dir), ...(existsSync(incoming) ? bankFiles(incoming) : [])];
}

export function readLintFile(file: string): LintFile {
  const name = path.relative(path.resolve(import.meta.dirname, '../../../..'), file);
  let raw: unknown;
  try {
    raw = readBankYaml(file);
  } catch (error) {
    const message = (error as Error).message.replace(`${file}: `, '');
    return { file: name, subject: '', contexts: [], questions: [], error: message };
  }
  const data = (raw ?? {}) as {
    subject?: { name?: unknown };
    contexts?: Array<{ key?: unknown; body?: unknown }>;
    questions?: LintFile['questions'];
  };
  return {
    file: name,
    subject: String(data.subject?.name ?? ''),
    contexts: (data.contexts ?? []).map((context) => ({
      key: String(context.key ?? ''),
      body: String(context.body ?? ''),
    })),
    questions: Array.isArray(data.questions) ? data.questions : [],
  };
}

/** The theme names of a subject of the demo catalog. */
export function catalogThemes(subject: string): string[] | undefined {
  return DEMO_SUBJECTS.find((candidate) => candidate.name === subject)?.themes.map(
    ([name]) => name,
  );
}

/**
 * The list of clone families known and accepted for now (`content/bank/known-families.json`,
 * written by `npm run lint:bank -- --accept-families`): a clone not in it is a lint problem.
 */
export function knownFamiliesFile(dir = bankDir()): string {
  return path.join(dir, 'known-families.json');
}

export function readKnownFamilies(file = knownFamiliesFile()): KnownFamilies {
  if (!existsSync(file)) return {};
  return (JSON.parse(readFileSync(file, 'utf8')) as { families: KnownFamilies }).families;
}
