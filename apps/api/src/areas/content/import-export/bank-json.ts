import { BankImport } from '@ensaya/core/contracts/admin';
import { svgWithoutAlternative } from '../bank/render-rich-text.ts';
import { answerProblem, type ParsedFile } from './parsed.ts';

// The JSON bank: what `GET /api/admin/subjects/{id}/export` writes, read back by the `json` import.
// The same document written as YAML is the demo bank (`content/bank/*.yaml`), read at seed.

/** Undefined when the text is not an `ensaya-bank` document. */
export function parseBankJson(source: string): ParsedFile | undefined {
  let value: unknown;
  try {
    value = JSON.parse(source.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
  return parseBankDocument(value);
}

/**
 * An `ensaya-bank` document already parsed (from JSON or YAML), or undefined when it is not one.
 * Text fields are trimmed: a YAML block scalar's final newline is not content.
 */
export function parseBankDocument(value: unknown): ParsedFile | undefined {
  const parsed = BankImport.safeParse(value);
  if (!parsed.success) return undefined;
  const document = parsed.data;
  const contexts = document.contexts.map((context) => ({
    key: context.key,
    title: context.title.trim(),
    body: context.body.trim(),
  }));
  const contextKeys = new Set(contexts.map((context) => context.key));
  const badFigureContexts = new Set(
    contexts.filter((context) => svgWithoutAlternative(context.body)).map((context) => context.key),
  );
  const result: ParsedFile = { questions: [], contexts, problems: [] };
  document.questions.forEach((entry, position) => {
    const at = { index: position + 1, line: null };
    const question = {
      ...at,
      themeName: entry.theme,
      contextKey: entry.context,
      statement: entry.statement.trim(),
      solution: entry.solution.trim(),
      isMultiChoice: entry.is_multi_choice,
      urlSource: entry.url_source,
      isActive: entry.is_active,
      difficulty: entry.difficulty,
      choices: entry.choices.map((choice) => ({
        body: choice.body.trim(),
        isCorrect: choice.is_correct,
      })),
    };
    const problem =
      entry.context !== null && !contextKeys.has(entry.context)
        ? { key: 'import.contextUnknown' as const, params: { key: entry.context } }
        : !question.statement
          ? { key: 'import.noStatement' as const }
          : badFigureContexts.has(entry.context ?? '')
            ? { key: 'import.figureText' as const }
            : answerProblem(question);
    if (problem) result.problems.push({ ...at, problem });
    else result.questions.push(question);
  });
  return result;
}
