import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { parseBankDocument, type ParsedFile } from '../areas/content/index.ts';
import type { Message } from '../lib/app-error.ts';
import { translate } from '@ensaya/core/i18n/messages';

// The demo question bank lives in data files, one per subject: `content/bank/<slug>.yaml` at the
// repository root, the `ensaya-bank` JSON import format written as YAML (docs/content.md). They are
// read here and go through the same importer as a file uploaded in the back office.

/** `content/bank/`, or `BANK_DIR` (absolute, or relative to the repository root). */
export function bankDir(): string {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const configured = process.env.BANK_DIR?.trim();
  return configured ? path.resolve(root, configured) : path.join(root, 'content', 'bank');
}

/** The YAML files of a directory (not its subdirectories), sorted by name. */
export function bankFiles(dir = bankDir()): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => path.join(dir, entry.name))
    .sort();
}

/** A bank file as YAML data; throws naming the file on a syntax error. */
export function readBankYaml(file: string): unknown {
  try {
    return parse(readFileSync(file, 'utf8'), { prettyErrors: true });
  } catch (error) {
    throw new Error(`${file}: YAML error: ${(error as Error).message}`, { cause: error });
  }
}

function plainParams(params: Message['params']): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params ?? {}).map(([name, value]) => [
      name,
      typeof value === 'object' ? translate('en', value.key, plainParams(value.params)) : value,
    ]),
  );
}

export type LoadedBank = { file: string; subject: string; parsed: ParsedFile };

/**
 * A bank file read through the JSON importer; throws naming the file and each refused question
 * (with the start of its statement) so a broken file stops the seed loudly.
 */
export function loadBankFile(file: string): LoadedBank {
  const data = readBankYaml(file);
  const parsed = parseBankDocument(data);
  if (!parsed) throw new Error(`${file}: not an ensaya-bank document (format, fields or types)`);
  const questions = (data as { questions: Array<{ statement?: unknown }> }).questions;
  if (parsed.problems.length) {
    const lines = parsed.problems.map(({ index, problem }) => {
      const start = String(questions[index - 1]?.statement ?? '').slice(0, 60);
      return `  question ${index} "${start.trim()}": ${translate('en', problem.key, plainParams(problem.params))}`;
    });
    throw new Error(`${file}: import problems\n${lines.join('\n')}`);
  }
  const subject = (data as { subject: { name: string } }).subject.name;
  return { file, subject, parsed };
}

let cache: { dir: string; banks: LoadedBank[] } | undefined;

/** Every subject file of the bank directory (not `incoming/`), parsed once per process. */
export function loadDemoBank(dir = bankDir()): LoadedBank[] {
  if (cache?.dir !== dir) cache = { dir, banks: bankFiles(dir).map(loadBankFile) };
  return cache.banks;
}
