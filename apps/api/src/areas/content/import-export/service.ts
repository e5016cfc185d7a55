import type {
  BankExport,
  ExportFormat,
  ImportFields,
  ImportFormat,
} from '@ensaya/core/contracts/admin';
import type { Language } from '@ensaya/core/i18n/language';
import { translate } from '@ensaya/core/i18n/messages';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError, notFound, type Message } from '../../../lib/app-error.ts';
import { findSubject } from '../bank/repo.ts';
import { insertBank, renderQuestion } from '../bank/questions.ts';
import * as repo from '../bank/repo.ts';
import { parseBankJson } from './bank-json.ts';
import { decodeImportFile } from './decode.ts';
import { toGift, toMoodleXml } from './export-formats.ts';
import { parseGift } from './gift.ts';
import { hasMedia, storeQuestionMedia } from './media.ts';
import { parseMoodle } from './moodle.ts';
import { hasUnstorableText } from '../../../plugins/input-guards.ts';
import { FileRefused, type ParsedFile, type ParsedQuestion, type ParseProblem } from './parsed.ts';

const PARSERS = { moodle: parseMoodle, gift: parseGift, json: parseBankJson } as const;
const FORMAT_NAMES = { moodle: 'Moodle XML', gift: 'GIFT', json: 'JSON (ensaya-bank)' } as const;
/** Problems listed in a preview, an import's skipped list or a refusal; the counts say the rest. */
export const PROBLEM_LIST_MAX = 500;
const PREVIEW_PAGE_SIZE = 20;

function fileError(messages: Array<Message>) {
  return new AppError(422, 'import.failed', { fields: { file: messages } });
}

function problemMessage({ index, line, problem }: ParseProblem): Message {
  return line === null
    ? { key: 'import.questionAt', params: { index, problem } }
    : { key: 'import.question', params: { index, line, problem } };
}

/** A message (with messages as parameters) in `language`. */
function text(language: Language, message: Message): string {
  const params = Object.fromEntries(
    Object.entries(message.params ?? {}).map(([name, value]) => [
      name,
      typeof value === 'object' ? text(language, value) : value,
    ]),
  );
  return translate(language, message.key, params);
}

function presentProblem(language: Language, problem: ParseProblem) {
  return {
    index: problem.index,
    line: problem.line,
    kind: problem.type ?? 'multichoice',
    unsupported: problem.problem.key === 'import.unsupported',
    message: text(language, problemMessage(problem)),
  };
}

/** The file read in its format; anything it cannot read, whatever the bytes, is a 422. */
function parseFile(format: ImportFormat, file: Buffer): ParsedFile & { encoding: string } {
  let parsed: ParsedFile | undefined;
  let encoding = 'utf-8';
  try {
    const decoded = decodeImportFile(format, file);
    encoding = decoded.encoding;
    parsed = PARSERS[format](decoded.text);
  } catch (error) {
    if (error instanceof FileRefused) throw fileError([error.reason]);
    parsed = undefined;
  }
  if (!parsed)
    throw fileError([{ key: 'import.unreadable', params: { format: FORMAT_NAMES[format] } }]);
  return { ...parsed, encoding };
}

type UploadsConfig = { uploadsDir: string };

/**
 * Reads the file for the subject: the questions it can import (with their theme, embedded images
 * stored) and the problems of the others, in file order. Only a file that cannot be read at all is
 * a 422 here.
 */
async function readFile(
  db: Db,
  config: UploadsConfig,
  fields: ImportFields,
  file: Buffer | undefined,
) {
  if (!file) throw fieldError('file', 'import.fileRequired');
  const subject = await findSubject(db, fields.subject_id);
  if (!subject) throw fieldError('subject_id', 'content.subjectUnknown');
  const themes = await repo.listSubjectThemes(db, subject.id);
  const defaultTheme = themes.find((theme) => theme.id === fields.theme_id);
  if (!defaultTheme) throw fieldError('theme_id', 'content.themeUnknown');

  const parsed = parseFile(fields.format, file);
  // Refused here rather than failing in the insert (PostgreSQL cannot store a NUL in text).
  if (hasUnstorableText(parsed.questions) || hasUnstorableText(parsed.contexts))
    throw fileError([{ key: 'import.characters' }]);

  const problems = [...parsed.problems];
  const ready: ParsedQuestion[] = [];
  for (const question of parsed.questions) {
    if (!hasMedia(question)) {
      ready.push(question);
      continue;
    }
    const stored = await storeQuestionMedia(config.uploadsDir, question);
    if ('problem' in stored)
      problems.push({ index: question.index, line: question.line, problem: stored.problem });
    else ready.push(stored.question);
  }
  problems.sort((a, b) => a.index - b.index);

  const byName = new Map(themes.map((theme) => [theme.name.trim().toLowerCase(), theme]));
  const questions = ready.map((question) => {
    const theme =
      (question.themeName && byName.get(question.themeName.trim().toLowerCase())) || defaultTheme;
    return { ...question, theme };
  });
  return {
    subjectId: subject.id,
    questions,
    contexts: parsed.contexts,
    problems,
    encoding: parsed.encoding,
  };
}

/**
 * What an import would create, saving no question: counts, the first problems and one page of
 * the importable questions rendered (a 5 MB file is thousands of questions; rendering them all
 * would answer megabytes). Embedded images are stored already (by content, so the import reuses
 * them) for the preview to show them.
 */
export async function previewImport(
  db: Db,
  config: UploadsConfig,
  language: Language,
  fields: ImportFields,
  file: Buffer | undefined,
) {
  const { questions, contexts, problems, encoding } = await readFile(db, config, fields, file);
  const page = fields.page ?? 1;
  const pageSize = fields.page_size ?? PREVIEW_PAGE_SIZE;
  const unsupported = problems.filter((p) => p.problem.key === 'import.unsupported').length;
  return {
    summary: {
      total: questions.length + problems.length,
      importable: questions.length,
      unsupported,
      with_problems: problems.length - unsupported,
      encoding,
      encoding_note:
        encoding === 'utf-8' || fields.format === 'moodle'
          ? null
          : text(language, { key: 'import.encodingNote' }),
    },
    problems: problems.slice(0, PROBLEM_LIST_MAX).map((p) => presentProblem(language, p)),
    questions: questions.slice((page - 1) * pageSize, page * pageSize).map((question) => {
      const rendered = renderQuestion({ ...question, themeId: question.theme.id, contextId: null });
      return {
        index: question.index,
        line: question.line,
        theme_id: question.theme.id,
        theme_name: question.theme.name,
        statement_html: rendered.stem.statementHtml,
        is_multi_choice: question.isMultiChoice,
        choices: rendered.choices.map((choice) => ({
          body_html: choice.bodyHtml,
          is_correct: choice.isCorrect,
        })),
        notes: (question.notes ?? []).map((note) => text(language, note)),
      };
    }),
    page,
    page_size: pageSize,
    contexts: contexts.length,
  };
}

/**
 * Saves the file's questions in one transaction. With a problem, nothing is saved (422 naming
 * each) unless `skip_unsupported`, which saves the others and lists those skipped.
 */
export async function importFile(
  db: Db,
  config: UploadsConfig,
  language: Language,
  fields: ImportFields,
  file: Buffer | undefined,
) {
  const { subjectId, questions, contexts, problems } = await readFile(db, config, fields, file);
  if (problems.length && !fields.skip_unsupported) {
    const listed = problems.slice(0, PROBLEM_LIST_MAX).map(problemMessage);
    if (problems.length > PROBLEM_LIST_MAX)
      listed.push({
        key: 'import.moreProblems',
        params: { count: problems.length - PROBLEM_LIST_MAX },
      });
    throw fileError(listed);
  }
  if (questions.length === 0) throw fileError([{ key: 'import.empty' }]);
  const created = await db.transaction((tx) =>
    insertBank(tx, subjectId, {
      contexts,
      questions: questions.map((question) => ({ ...question, themeId: question.theme.id })),
    }),
  );
  const skipped = problems.slice(0, PROBLEM_LIST_MAX).map((p) => presentProblem(language, p));
  const message = [
    text(
      language,
      created === 1
        ? { key: 'import.createdOne' }
        : { key: 'import.created', params: { count: created } },
    ),
    ...(problems.length === 0
      ? []
      : [
          text(
            language,
            problems.length === 1
              ? { key: 'import.skippedOne' }
              : { key: 'import.skippedMany', params: { count: problems.length } },
          ),
        ]),
  ].join(' ');
  return { data: { created, skipped }, message };
}

/** The subject's questions to export: all, or those of `ids` / `theme_ids` (in stem order). */
async function exportedQuestions(
  db: Db,
  subjectId: number,
  selection: { ids?: number[] | undefined; themeIds?: number[] | undefined },
) {
  const all = await repo.loadQuestions(db, await repo.listSubjectQuestionIds(db, subjectId));
  const ids = selection.ids && new Set(selection.ids);
  const themeIds = selection.themeIds && new Set(selection.themeIds);
  return all.filter(
    (question) => (!ids || ids.has(question.id)) && (!themeIds || themeIds.has(question.themeId)),
  );
}

/** The subject's bank (or a selection) as sources, in stem order: what the `json` import reads back. */
export async function exportSubject(
  db: Db,
  subjectId: number,
  selection: { ids?: number[] | undefined; themeIds?: number[] | undefined } = {},
): Promise<BankExport> {
  const subject = await findSubject(db, subjectId);
  if (!subject) throw notFound();
  const themes = await repo.listSubjectThemes(db, subjectId);
  const questions = await exportedQuestions(db, subjectId, selection);
  const used = new Set(questions.map((question) => question.contextId));
  const contexts = (await repo.listSubjectContexts(db, subjectId)).filter(
    (context) => (!selection.ids && !selection.themeIds) || used.has(context.id),
  );
  const key = (id: number) => `context-${id}`;
  return {
    format: 'ensaya-bank',
    version: 1,
    subject: { name: subject.name, description: subject.description },
    themes: themes.map((theme) => ({ name: theme.name, position: theme.position })),
    contexts: contexts.map((context) => ({
      key: key(context.id),
      title: context.title,
      body: context.bodySource,
    })),
    questions: questions.map((question) => ({
      theme: question.themeName,
      context: question.contextId === null ? null : key(question.contextId),
      statement: question.statementSource,
      solution: question.solutionSource,
      is_multi_choice: question.isMultiChoice,
      url_source: question.urlSource,
      is_active: question.isActive,
      difficulty: question.difficulty,
      choices: question.choices.map((choice) => ({
        body: choice.bodySource,
        is_correct: choice.isCorrect,
      })),
    })),
  };
}

/** The export in `format`: the document (JSON) or the file's text (Moodle XML, GIFT). */
export async function exportSubjectAs(
  db: Db,
  subjectId: number,
  format: ExportFormat,
  selection: { ids?: number[] | undefined; themeIds?: number[] | undefined },
): Promise<{ body: BankExport | string; fileName: string; contentType: string }> {
  const document = await exportSubject(db, subjectId, selection);
  const slug = document.subject.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const base = `ensaya-${slug || `subject-${subjectId}`}`;
  if (format === 'moodle')
    return {
      body: toMoodleXml(document),
      fileName: `${base}.moodle.xml`,
      contentType: 'application/xml; charset=utf-8',
    };
  if (format === 'gift')
    return {
      body: toGift(document),
      fileName: `${base}.gift.txt`,
      contentType: 'text/plain; charset=utf-8',
    };
  return { body: document, fileName: `${base}.json`, contentType: 'application/json' };
}
