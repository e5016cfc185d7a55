import { BankExport } from '@ensaya/core/contracts/admin';
import { answerProblem, type ParsedFile } from './parsed.ts';

// The JSON bank: what `GET /api/admin/subjects/{id}/export` writes, read back by the `json` import.

/** Undefined when the text is not an `ensaya-bank` document. */
export function parseBankJson(source: string): ParsedFile | undefined {
  let document: BankExport;
  try {
    const parsed = BankExport.safeParse(JSON.parse(source.replace(/^\uFEFF/, '')));
    if (!parsed.success) return undefined;
    document = parsed.data;
  } catch {
    return undefined;
  }
  const contextKeys = new Set(document.contexts.map((context) => context.key));
  const result: ParsedFile = { questions: [], contexts: document.contexts, problems: [] };
  document.questions.forEach((entry, position) => {
    const at = { index: position + 1, line: null };
    const question = {
      ...at,
      themeName: entry.theme,
      contextKey: entry.context,
      statement: entry.statement,
      solution: entry.solution,
      isMultiChoice: entry.is_multi_choice,
      urlSource: entry.url_source,
      isActive: entry.is_active,
      choices: entry.choices.map((choice) => ({ body: choice.body, isCorrect: choice.is_correct })),
    };
    const problem =
      entry.context !== null && !contextKeys.has(entry.context)
        ? { key: 'import.contextUnknown' as const, params: { key: entry.context } }
        : !entry.statement.trim()
          ? { key: 'import.noStatement' as const }
          : answerProblem(question);
    if (problem) result.problems.push({ ...at, problem });
    else result.questions.push(question);
  });
  return result;
}
