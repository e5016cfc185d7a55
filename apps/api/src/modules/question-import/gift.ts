import {
  answerProblem,
  categoryTheme,
  escapeHtml,
  normalizeTex,
  type ParsedFile,
  type ParsedQuestion,
} from './parsed.ts';

// GIFT (Moodle's text format): multiple choice (`=` right, `~` wrong, `~%50%` partial credit,
// which counts as correct and makes the question multi-choice), true/false (`{T}`, `{F}`),
// `// comments`, `::title::`, `[html]` text, `####general feedback` (our worked solution) and
// `$CATEGORY:`. Other question types (short answer, numerical, matching, essay) are refused.

const TRUE_LABEL = 'Verdadero';
const FALSE_LABEL = 'Falso';
const SPECIAL = /\\([~=#{}:\\n])/g;

function unescape(text: string): string {
  return text.replace(SPECIAL, (_match, char: string) => (char === 'n' ? '\n' : char));
}

/** Index of the first unescaped `char` at or after `from`, or -1. */
function findUnescaped(text: string, char: string, from = 0): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === char) return i;
  }
  return -1;
}

/** GIFT text to our HTML: `[html]` text stays as it is, other text is escaped into a paragraph. */
function toHtml(raw: string, isHtml: boolean, wrap = true): string {
  const text = normalizeTex(unescape(raw.trim()));
  if (isHtml) return text;
  const escaped = escapeHtml(text).replaceAll('\n', '<br>');
  return wrap ? `<p>${escaped}</p>` : escaped;
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
  | { kind: 'question'; question: Omit<ParsedQuestion, 'index' | 'line' | 'themeName'> }
  | { kind: 'unsupported'; type: string }
  | { kind: 'unclosed' };

function parseAnswers(statementHtml: string, isHtml: boolean, body: string): Answers {
  let inner = body;
  let solution = '';
  const feedbackAt = inner.indexOf('####');
  if (feedbackAt >= 0) {
    solution = toHtml(inner.slice(feedbackAt + 4), isHtml);
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
  if (/^(T|TRUE|F|FALSE)(#.*)?$/is.test(trimmed)) {
    const isTrue = /^T/i.test(trimmed);
    return {
      kind: 'question',
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
  if (trimmed === '') return { kind: 'unsupported', type: 'essay' };
  if (trimmed.startsWith('#')) return { kind: 'unsupported', type: 'numerical' };

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
  if (answers.some((answer) => answer.text.includes('->')))
    return { kind: 'unsupported', type: 'matching' };
  if (answers.every((answer) => answer.mark === '='))
    return { kind: 'unsupported', type: 'short answer' };

  const choices = answers.map(({ mark, text }) => {
    let body = text;
    const feedback = findUnescaped(body, '#');
    if (feedback >= 0) body = body.slice(0, feedback);
    const weight = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(body);
    if (weight) body = body.slice(weight[0].length);
    const isCorrect = mark === '=' || (weight !== null && Number(weight[1]) > 0);
    return { body: toHtml(body, isHtml), isCorrect, partial: weight !== null };
  });
  const correct = choices.filter((choice) => choice.isCorrect).length;
  const isMultiChoice = correct > 1 || choices.some((choice) => choice.partial && choice.isCorrect);
  return {
    kind: 'question',
    question: {
      ...base,
      isMultiChoice,
      choices: choices.map(({ body, isCorrect }) => ({ body, isCorrect })),
    },
  };
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
    let text = block.text.trim();
    const title = /^::(.*?)::/s.exec(text);
    if (title) text = text.slice(title[0].length).trim();
    const isHtml = text.startsWith('[html]');
    if (isHtml) text = text.slice('[html]'.length);
    else text = text.replace(/^\[(moodle|plain|markdown)\]/, '');

    const open = findUnescaped(text, '{');
    if (open < 0) {
      result.problems.push({
        ...at,
        problem: { key: 'import.unsupported', params: { type: 'description' } },
      });
      continue;
    }
    const close = findUnescaped(text, '}', open);
    if (close < 0) {
      result.problems.push({ ...at, problem: { key: 'import.unclosed' } });
      continue;
    }
    const before = text.slice(0, open).trim();
    const after = text.slice(close + 1).trim();
    // Missing-word questions keep a blank where the answers were.
    const statementText = after ? `${before} _____ ${after}` : before;
    if (!statementText.trim()) {
      result.problems.push({ ...at, problem: { key: 'import.noStatement' } });
      continue;
    }
    const parsed = parseAnswers(toHtml(statementText, isHtml), isHtml, text.slice(open + 1, close));
    if (parsed.kind === 'unsupported') {
      result.problems.push({
        ...at,
        problem: { key: 'import.unsupported', params: { type: parsed.type } },
      });
      continue;
    }
    if (parsed.kind === 'unclosed') continue;
    const question: ParsedQuestion = { ...at, themeName, ...parsed.question };
    const problem = answerProblem(question);
    if (problem) result.problems.push({ ...at, problem });
    else result.questions.push(question);
  }
  return result;
}
