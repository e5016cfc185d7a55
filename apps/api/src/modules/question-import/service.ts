import type { BankExport, ImportFields } from '@ensaya/core/contracts/admin';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError, notFound, type Message } from '../../lib/app-error.ts';
import { findSubject } from '../admin-catalog/repo.ts';
import { insertBank, renderQuestion } from '../content/questions.ts';
import * as repo from '../content/repo.ts';
import { parseBankJson } from './bank-json.ts';
import { parseGift } from './gift.ts';
import { parseMoodle } from './moodle.ts';
import { hasUnstorableText } from '../../plugins/input-guards.ts';
import { FileRefused, type ParsedFile, type ParseProblem } from './parsed.ts';

const PARSERS = { moodle: parseMoodle, gift: parseGift, json: parseBankJson } as const;
const FORMAT_NAMES = { moodle: 'Moodle XML', gift: 'GIFT', json: 'JSON (ensaya-bank)' } as const;

function fileError(messages: Array<Message>) {
  return new AppError(422, 'import.failed', { fields: { file: messages } });
}

function problemMessage({ index, line, problem }: ParseProblem): Message {
  return line === null
    ? { key: 'import.questionAt', params: { index, problem } }
    : { key: 'import.question', params: { index, line, problem } };
}

/** The file read in its format; anything it cannot read, whatever the bytes, is a 422. */
function parseFile(format: ImportFields['format'], file: Buffer): ParsedFile {
  let parsed: ParsedFile | undefined;
  try {
    parsed = PARSERS[format](file.toString('utf8'));
  } catch (error) {
    if (error instanceof FileRefused) throw fileError([error.reason]);
    parsed = undefined;
  }
  if (!parsed)
    throw fileError([{ key: 'import.unreadable', params: { format: FORMAT_NAMES[format] } }]);
  return parsed;
}

/** Reads the file for the subject: every question with its theme, or 422 naming each bad one. */
async function readFile(db: Db, fields: ImportFields, file: Buffer | undefined) {
  if (!file) throw fieldError('file', 'import.fileRequired');
  const subject = await findSubject(db, fields.subject_id);
  if (!subject) throw fieldError('subject_id', 'content.subjectUnknown');
  const themes = await repo.listSubjectThemes(db, subject.id);
  const defaultTheme = themes.find((theme) => theme.id === fields.theme_id);
  if (!defaultTheme) throw fieldError('theme_id', 'content.themeUnknown');

  const parsed = parseFile(fields.format, file);
  if (parsed.problems.length) throw fileError(parsed.problems.map(problemMessage));
  if (parsed.questions.length === 0) throw fileError([{ key: 'import.empty' }]);
  // Refused here rather than failing in the insert (PostgreSQL cannot store a NUL in text).
  if (hasUnstorableText(parsed.questions) || hasUnstorableText(parsed.contexts))
    throw fileError([{ key: 'import.characters' }]);

  const byName = new Map(themes.map((theme) => [theme.name.trim().toLowerCase(), theme]));
  const questions = parsed.questions.map((question) => {
    const theme =
      (question.themeName && byName.get(question.themeName.trim().toLowerCase())) || defaultTheme;
    return { ...question, theme };
  });
  return { subjectId: subject.id, questions, contexts: parsed.contexts };
}

export async function previewImport(db: Db, fields: ImportFields, file: Buffer | undefined) {
  const { questions, contexts } = await readFile(db, fields, file);
  return {
    questions: questions.map((question) => {
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
      };
    }),
    contexts: contexts.length,
  };
}

/** Saves every question of the file, or none of them (one transaction). */
export async function importFile(db: Db, fields: ImportFields, file: Buffer | undefined) {
  const { subjectId, questions, contexts } = await readFile(db, fields, file);
  const created = await db.transaction((tx) =>
    insertBank(tx, subjectId, {
      contexts,
      questions: questions.map((question) => ({ ...question, themeId: question.theme.id })),
    }),
  );
  return { created };
}

/** The subject's bank as sources, in stem order: what the `json` import reads back. */
export async function exportSubject(db: Db, subjectId: number): Promise<BankExport> {
  const subject = await findSubject(db, subjectId);
  if (!subject) throw notFound();
  const themes = await repo.listSubjectThemes(db, subjectId);
  const contexts = await repo.listSubjectContexts(db, subjectId);
  const questions = await repo.loadQuestions(db, await repo.listSubjectQuestionIds(db, subjectId));
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
      choices: question.choices.map((choice) => ({
        body: choice.bodySource,
        is_correct: choice.isCorrect,
      })),
    })),
  };
}
