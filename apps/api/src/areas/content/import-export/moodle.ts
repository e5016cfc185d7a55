import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  answerProblem,
  categoryTheme,
  creditToChoices,
  FileRefused,
  formattedText,
  type EmbeddedFile,
  type ParsedFile,
  type ParsedQuestion,
} from './parsed.ts';
import type { Message } from '../../../lib/app-error.ts';

// Moodle XML: `multichoice` (single and multiple) and `truefalse` questions and `category`
// entries (their last path segment names a theme). Each question is named by its index among the
// file's questions and the line of its `<question>` tag. Credit follows `creditToChoices` (shared
// with GIFT). Embedded files (`<file name="..." encoding="base64">`) travel with the question;
// the service checks and stores them.

type MoodleFile = { '#text'?: unknown; '@_name'?: string; '@_encoding'?: string };
type TextNode = { text?: unknown; '@_format'?: string; file?: MoodleFile[] } | undefined;
type MoodleAnswer = TextNode & { '@_fraction'?: string; feedback?: TextNode };
type MoodleQuestion = {
  '@_type'?: string;
  questiontext?: TextNode;
  generalfeedback?: TextNode;
  single?: unknown;
  hidden?: unknown;
  answer?: MoodleAnswer[];
  category?: TextNode;
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => name === 'question' || name === 'answer' || name === 'file',
});

function text(node: TextNode): string {
  const value = node?.text;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** Moodle's text formats: `html`, `moodle_auto_format` (simple tags kept), `plain_text`, `markdown`. */
function html(node: TextNode, defaultFormat?: string): string {
  const format = node?.['@_format'] ?? defaultFormat;
  return formattedText(
    text(node),
    format === 'html' || format === undefined ? 'html' : format === 'plain_text' ? 'plain' : 'auto',
  );
}

/** The embedded files of some text nodes, by name. */
function embeddedFiles(nodes: TextNode[]): Map<string, EmbeddedFile> {
  const files = new Map<string, EmbeddedFile>();
  for (const node of nodes) {
    for (const file of node?.file ?? []) {
      const name = file['@_name'];
      const data = file['#text'];
      if (!name || (file['@_encoding'] ?? 'base64') !== 'base64') continue;
      files.set(name, { name, data: typeof data === 'string' ? data.replace(/\s+/g, '') : '' });
    }
  }
  return files;
}

/** The line of each `<question` tag, in order. */
function questionLines(source: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let last = 0;
  for (const match of source.matchAll(/<question[\s>]/g)) {
    for (let i = last; i < match.index; i++) if (source.charCodeAt(i) === 10) line++;
    last = match.index;
    lines.push(line);
  }
  return lines;
}

/** Moodle never writes one; a DOCTYPE is where external entities and entity bombs live. */
const DOCTYPE_OR_ENTITY = /<!\s*(DOCTYPE|ENTITY)/i;

/** Reads the XML, or undefined when it is not well-formed. */
function readXml(xml: string): { quiz?: { question?: MoodleQuestion[] } } | undefined {
  try {
    if (XMLValidator.validate(xml) !== true) return undefined;
    return parser.parse(xml) as { quiz?: { question?: MoodleQuestion[] } };
  } catch {
    return undefined;
  }
}

/** A `truefalse` answer's label: Moodle's `true`/`false` in Spanish, the author's own otherwise. */
function trueFalseLabel(answer: MoodleAnswer): string {
  const label = text(answer).trim().toLowerCase();
  if (label === 'true') return '<p>Verdadero</p>';
  if (label === 'false') return '<p>Falso</p>';
  return html(answer);
}

/** `<single>`: `true`/`1` one answer, `false`/`0` several. Moodle's default is one. */
function isSingle(value: unknown): boolean {
  const single = String(value ?? 'true')
    .trim()
    .toLowerCase();
  return single !== 'false' && single !== '0';
}

/**
 * Undefined when the file is not well-formed Moodle XML; throws FileRefused when it declares a
 * DOCTYPE or entities (external entities, billion laughs), which are never read.
 */
export function parseMoodle(source: string): ParsedFile | undefined {
  const xml = source.replace(/^\uFEFF/, '');
  if (DOCTYPE_OR_ENTITY.test(xml)) throw new FileRefused({ key: 'import.doctype' });
  const document = readXml(xml);
  if (!document?.quiz || typeof document.quiz !== 'object') return undefined;
  const lines = questionLines(xml);
  const result: ParsedFile = { questions: [], contexts: [], problems: [] };
  let themeName: string | null = null;
  let index = 0;
  (document.quiz.question ?? []).forEach((entry, position) => {
    const type = entry['@_type'] ?? 'unknown';
    if (type === 'category') {
      themeName = categoryTheme(text(entry.category));
      return;
    }
    index += 1;
    const at = { index, line: lines[position] ?? null, type };
    const refuse = (problem: Message) => result.problems.push({ ...at, problem });
    if (type !== 'multichoice' && type !== 'truefalse') {
      refuse({ key: 'import.unsupported', params: { type } });
      return;
    }
    const statement = html(entry.questiontext);
    if (!statement) {
      refuse({ key: 'import.noStatement' });
      return;
    }
    const answers = entry.answer ?? [];
    const fraction = (answer: MoodleAnswer) => Number(answer?.['@_fraction'] ?? 0) || 0;
    const isMultiChoice = type === 'multichoice' && !isSingle(entry.single);
    const { choices, notes } = creditToChoices(
      answers.map((answer) => ({
        // An answer without a format has the statement's, as in Moodle.
        body:
          type === 'truefalse'
            ? trueFalseLabel(answer)
            : html(answer, entry.questiontext?.['@_format']),
        fraction: fraction(answer),
      })),
      isMultiChoice,
    );
    const question: ParsedQuestion = {
      index: at.index,
      line: at.line,
      themeName,
      contextKey: null,
      statement,
      solution: html(entry.generalfeedback),
      isMultiChoice,
      urlSource: null,
      // A hidden question (our export's inactive one) stays out of new tests.
      isActive: String(entry.hidden ?? '0').trim() !== '1',
      choices,
      // Said once per question, as the GIFT reader does.
      notes: answers.some((answer) => text(answer?.feedback).trim())
        ? [...notes, { key: 'import.noteAnswerFeedback' }]
        : notes,
      files: embeddedFiles([entry.questiontext, entry.generalfeedback, ...answers]),
    };
    const problem = answerProblem(question);
    if (problem) refuse(problem);
    else result.questions.push(question);
  });
  return result;
}
