import {
  answerProblem,
  categoryTheme,
  creditToChoices,
  formattedText,
  type ParsedFile,
  type ParsedQuestion,
} from './parsed.ts';
import type { Message } from '../../../lib/app-error.ts';

// GIFT (Moodle's text format), read by Moodle's rules: multiple choice (`=` full credit, `~`
// none, `~%50%` partial credit: a question with some `=` answer takes one answer and its key is
// the `=` answer; one without takes several and its keys are the answers with positive credit),
// true/false (`{T}`, `{F}`), `// comments`, `::title::`, format tags (`[html]`, `[moodle]`,
// `[plain]`, `[markdown]`) on the text and on each answer, `####general feedback` (our worked
// solution) and `$CATEGORY:`. Other question types (short answer, numerical, matching, essay,
// description) are problems the import may skip.

const TRUE_LABEL = 'Verdadero';
const FALSE_LABEL = 'Falso';
const SPECIAL = /\\([~=#{}:\\n])/g;

type Format = 'html' | 'auto' | 'plain';

function unescape(text: string): string {
  return text.replace(SPECIAL, (_match, char: string) => (char === 'n' ? '\n' : char));
}

/** Index of the first unescaped `char` at or after `from`, or -1. */
function findUnescaped(text: string, char: string, from = 0): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text.startsWith(char, i)) return i;
  }
  return -1;
}

/** A leading format tag (`[html]`...) and the text after it; without one, `fallback`. */
function formatTag(raw: string, fallback: Format): { format: Format; text: string } {
  const tag = /^\s*\[(html|moodle|plain|markdown)\]/.exec(raw);
  if (!tag) return { format: fallback, text: raw };
  const format = tag[1] === 'html' ? 'html' : tag[1] === 'plain' ? 'plain' : 'auto';
  return { format, text: raw.slice(tag[0].length) };
}

/** GIFT text to our HTML (escapes undone; see `formattedText`). */
function toHtml(raw: string, format: Format): string {
  return formattedText(unescape(raw.trim()), format);
}

type Block = { text: string; line: number };

/** Splits the file into blocks separated by blank lines, without comments. */
function blocks(source: string): Block[] {
  const result: Block[] = [];
  let current: string[] = [];
  let start = 0;
  source.split(/\r?\n/).forEach((line, index) => {
    if (/^\s*\/\//.test(line)) return;
    if (line.trim() === '') {
      if (current.length) result.push({ text: current.join('\n'), line: start });
      current = [];
      return;
    }
    if (!current.length) start = index + 1;
    current.push(line);
  });
  if (current.length) result.push({ text: current.join('\n'), line: start });
  return result;
}

type Answers =
  | {
      kind: 'question';
      type: string;
      question: Omit<ParsedQuestion, 'index' | 'line' | 'themeName'>;
    }
  | { kind: 'unsupported'; type: string };

/** Whether an unescaped `char` occurs in `text`. */
function has(text: string, char: string): boolean {
  return findUnescaped(text, char) >= 0;
}

function parseAnswers(statementHtml: string, format: Format, body: string): Answers {
  let inner = body;
  let solution = '';
  const feedbackAt = findUnescaped(inner, '####');
  if (feedbackAt >= 0) {
    const feedback = formatTag(inner.slice(feedbackAt + 4), format);
    solution = toHtml(feedback.text, feedback.format);
    inner = inner.slice(0, feedbackAt);
  }
  const trimmed = inner.trim();
  const base = {
    statement: statementHtml,
    solution,
    urlSource: null,
    isActive: true,
    contextKey: null,
  };
  // Moodle's order: essay, numerical, multiple choice (any `~`), matching, true/false, short answer.
  if (trimmed === '') return { kind: 'unsupported', type: 'essay' };
  if (trimmed.startsWith('#')) return { kind: 'unsupported', type: 'numerical' };
  if (!has(trimmed, '~')) {
    if (has(trimmed, '=') && trimmed.includes('->'))
      return { kind: 'unsupported', type: 'matching' };
    if (/^(T|TRUE|F|FALSE)(#.*)?$/is.test(trimmed)) {
      const isTrue = /^T/i.test(trimmed);
      return {
        kind: 'question',
        type: 'truefalse',
        question: {
          ...base,
          isMultiChoice: false,
          choices: [
            { body: `<p>${TRUE_LABEL}</p>`, isCorrect: isTrue },
            { body: `<p>${FALSE_LABEL}</p>`, isCorrect: !isTrue },
          ],
        },
      };
    }
    return { kind: 'unsupported', type: 'shortanswer' };
  }

  const answers: Array<{ mark: string; text: string }> = [];
  for (let i = 0; i < trimmed.length;) {
    const mark = trimmed[i]!;
    if (mark !== '=' && mark !== '~') return { kind: 'unsupported', type: 'unknown' };
    let next = i + 1;
    while (next < trimmed.length && !['=', '~'].includes(trimmed[next]!)) {
      next += trimmed[next] === '\\' ? 2 : 1;
    }
    answers.push({ mark, text: trimmed.slice(i + 1, next) });
    i = next;
  }
  const notes: Message[] = [];
  const credited = answers.map(({ mark, text }) => {
    let answer = text;
    const feedback = findUnescaped(answer, '#');
    if (feedback >= 0) {
      if (answer.slice(feedback + 1).trim()) notes.push({ key: 'import.noteAnswerFeedback' });
      answer = answer.slice(0, feedback);
    }
    const weight = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(answer);
    if (weight) answer = answer.slice(weight[0].length);
    const tagged = formatTag(answer, format);
    const isFull = mark === '=' && (weight === null || Number(weight[1]) >= 100);
    return {
      body: toHtml(tagged.text, tagged.format),
      fraction: weight ? Number(weight[1]) : mark === '=' ? 100 : 0,
      isFull,
    };
  });
  const isMultiChoice = !answers.some((answer) => answer.mark === '=');
  const { choices, notes: creditNotes } = creditToChoices(credited, isMultiChoice);
  return {
    kind: 'question',
    type: 'multichoice',
    question: {
      ...base,
      isMultiChoice,
      choices,
      // Said once per question, however many answers had feedback.
      notes: [...creditNotes, ...notes.slice(0, 1)],
    },
  };
}

/** `::title::` at the start of the text (escapes respected), and the rest. */
function splitTitle(text: string): string {
  if (!text.startsWith('::')) return text;
  const end = findUnescaped(text, '::', 2);
  return end < 0 ? text : text.slice(end + 2).trim();
}

export function parseGift(source: string): ParsedFile {
  const result: ParsedFile = { questions: [], contexts: [], problems: [] };
  let themeName: string | null = null;
  let index = 0;
  for (const block of blocks(source.replace(/^\uFEFF/, ''))) {
    const category = /^\s*\$CATEGORY:\s*(.*)$/im.exec(block.text);
    if (category && block.text.trim().startsWith('$CATEGORY')) {
      themeName = categoryTheme(category[1]!);
      continue;
    }
    index += 1;
    const at = { index, line: block.line };
    const refuse = (problem: Message, type: string) =>
      result.problems.push({ ...at, problem, type });
    const { format, text } = formatTag(splitTitle(block.text.trim()), 'auto');

    const open = findUnescaped(text, '{');
    if (open < 0) {
      refuse({ key: 'import.unsupported', params: { type: 'description' } }, 'description');
      continue;
    }
    const close = findUnescaped(text, '}', open);
    if (close < 0) {
      refuse({ key: 'import.unclosed' }, 'unknown');
      continue;
    }
    const before = text.slice(0, open).trim();
    const after = text.slice(close + 1).trim();
    // Missing-word questions keep a blank where the answers were.
    const statementText = after ? `${before} _____ ${after}` : before;
    if (!statementText.trim()) {
      refuse({ key: 'import.noStatement' }, 'unknown');
      continue;
    }
    const parsed = parseAnswers(toHtml(statementText, format), format, text.slice(open + 1, close));
    if (parsed.kind === 'unsupported') {
      refuse({ key: 'import.unsupported', params: { type: parsed.type } }, parsed.type);
      continue;
    }
    const question: ParsedQuestion = { ...at, themeName, ...parsed.question };
    const problem = answerProblem(question);
    if (problem) refuse(problem, parsed.type);
    else result.questions.push(question);
  }
  return result;
}
