// Moves the questions and contexts of every file in content/bank/incoming/ into the bank file of
// their subject (content/bank/<slug>.yaml), keeping each entry's layout, then deletes the merged
// incoming files. An incoming file whose subject has no bank file, or whose context keys clash with
// the subject's, is left in place and reported; nothing is written for it.
//
//   node scripts/bank-merge.mjs            merge everything in content/bank/incoming/
//   node scripts/bank-merge.mjs --dry-run  report what would be merged
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, isSeq, parseDocument } from 'yaml';

const BANK_DIR = process.env.BANK_DIR ?? path.resolve(import.meta.dirname, '..', 'content', 'bank');
const INCOMING_DIR = path.join(BANK_DIR, 'incoming');
const dryRun = process.argv.includes('--dry-run');
const STRINGIFY = { lineWidth: 0, singleQuote: true };

const yamlFiles = (dir) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));

function load(file) {
  const document = parseDocument(readFileSync(file, 'utf8'));
  if (document.errors.length) throw new Error(`${file}: ${document.errors[0].message}`);
  return document;
}

/** The sequence at `key` of a bank document, created empty when missing. */
function sequence(document, key) {
  let node = document.get(key, true);
  if (!isSeq(node)) {
    node = document.createNode([]);
    document.set(key, node);
  }
  return node;
}

const contextKey = (item) => (isMap(item) ? String(item.get('key')) : '');

const banks = new Map();
for (const name of yamlFiles(BANK_DIR)) {
  const file = path.join(BANK_DIR, name);
  const document = load(file);
  banks.set(document.getIn(['subject', 'name']), { file, document, changed: false });
}

let failures = 0;
const merged = [];
for (const name of yamlFiles(INCOMING_DIR)) {
  const file = path.join(INCOMING_DIR, name);
  const incoming = load(file);
  const subject = incoming.getIn(['subject', 'name']);
  const bank = banks.get(subject);
  if (!bank) {
    console.error(`${name}: no bank file for subject "${subject}"`);
    failures += 1;
    continue;
  }
  const contexts = sequence(bank.document, 'contexts');
  const known = new Set(contexts.items.map(contextKey));
  const incomingContexts = sequence(incoming, 'contexts').items;
  const clash = incomingContexts.map(contextKey).find((key) => known.has(key));
  if (clash) {
    console.error(`${name}: context key "${clash}" already exists in ${path.basename(bank.file)}`);
    failures += 1;
    continue;
  }
  const questions = sequence(incoming, 'questions').items;
  const bankQuestions = sequence(bank.document, 'questions');
  contexts.items.push(...incomingContexts);
  bankQuestions.items.push(...questions);
  // An empty list is written `[]`; once it has entries, one block entry after another.
  contexts.flow = false;
  bankQuestions.flow = false;
  bank.changed = true;
  merged.push(file);
  console.log(
    `${name} -> ${path.basename(bank.file)}: ${questions.length} questions, ${incomingContexts.length} contexts`,
  );
}

if (!dryRun) {
  for (const bank of banks.values()) {
    if (bank.changed) writeFileSync(bank.file, bank.document.toString(STRINGIFY));
  }
  for (const file of merged) rmSync(file);
}
process.exit(failures ? 1 : 0);
