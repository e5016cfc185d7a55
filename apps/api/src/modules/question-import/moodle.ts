import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  answerProblem,
  categoryTheme,
  escapeHtml,
  FileRefused,
  normalizeTex,
  type ParsedFile,
  type ParsedQuestion,
} from './parsed.ts';

// Moodle XML: `multichoice` (single and multiple) and `truefalse` questions and `category`
// entries (their last path segment names a theme). Each question is named by its index among the
// file's questions and the line of its `<question>` tag. In a single-choice question the correct
// answer is the one with full credit (fraction 100); in a multiple one, every answer with credit.

type TextNode = { text?: unknown; '@_format'?: string } | undefined;
type MoodleAnswer = TextNode & { '@_fraction'?: string };
type MoodleQuestion = {
  '@_type'?: string;
  questiontext?: TextNode;
  generalfeedback?: TextNode;
  single?: unknown;
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
  isArray: (name) => name === 'question' || name === 'answer',
});

function text(node: TextNode): string {
  const value = node?.text;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function html(node: TextNode): string {
  const raw = normalizeTex(text(node).trim());
  if (!raw) return '';
  return node?.['@_format'] === 'html' || node?.['@_format'] === undefined
    ? raw
    : `<p>${escapeHtml(raw).replaceAll('\n', '<br>')}</p>`;
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
    const at = { index, line: lines[position] ?? null };
    if (type !== 'multichoice' && type !== 'truefalse') {
      result.problems.push({ ...at, problem: { key: 'import.unsupported', params: { type } } });
      return;
    }
    const statement = html(entry.questiontext);
    if (!statement) {
      result.problems.push({ ...at, problem: { key: 'import.noStatement' } });
      return;
    }
    const answers = entry.answer ?? [];
    const fraction = (answer: MoodleAnswer) => Number(answer?.['@_fraction'] ?? 0);
    const isMultiChoice = type === 'multichoice' && String(entry.single).trim() === 'false';
    const choices =
      type === 'truefalse'
        ? answers.map((answer) => ({
            body:
              text(answer).trim().toLowerCase() === 'true' ? '<p>Verdadero</p>' : '<p>Falso</p>',
            isCorrect: fraction(answer) >= 100,
          }))
        : answers.map((answer) => ({
            body: html(answer),
            isCorrect: isMultiChoice ? fraction(answer) > 0 : fraction(answer) >= 100,
          }));
    const question: ParsedQuestion = {
      ...at,
      themeName,
      contextKey: null,
      statement,
      solution: html(entry.generalfeedback),
      isMultiChoice,
      urlSource: null,
      isActive: true,
      choices,
    };
    const problem = answerProblem(question);
    if (problem) result.problems.push({ ...at, problem });
    else result.questions.push(question);
  });
  return result;
}
