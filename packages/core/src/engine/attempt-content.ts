import type {
  Attempt,
  AttemptContent,
  AttemptQuestion,
  AttemptState,
} from '../contracts/engine.ts';

/**
 * The attempt as the pages show it: its state (order, answers, reveals) with the statements,
 * choices and contexts of its content (`content_url`). Without content (a sent attempt, whose
 * questions carry everything) the questions are taken as they are. A question the content lacks
 * keeps empty texts rather than failing the whole test.
 */
export function withContent(state: AttemptState, content: AttemptContent | null): Attempt {
  const { content_url: _url, ...attempt } = state;
  if (!content) {
    return {
      ...attempt,
      questions: attempt.questions.map((question) => ({
        ...question,
        statement_html: question.statement_html ?? '',
        url_source: question.url_source ?? null,
        context: question.context ?? null,
        choices: question.choices.map((choice) => ({
          ...choice,
          body_html: choice.body_html ?? '',
        })),
      })),
    };
  }
  const byStem = new Map(content.questions.map((question) => [question.stem_id, question]));
  const contexts = new Map(content.contexts.map((context) => [context.id, context]));
  return {
    ...attempt,
    questions: attempt.questions.map((question): AttemptQuestion => {
      const own = byStem.get(question.stem_id);
      const bodies = new Map(own?.choices.map((choice) => [choice.id, choice.body_html]));
      const context = own?.context_id != null ? contexts.get(own.context_id) : undefined;
      return {
        ...question,
        statement_html: question.statement_html ?? own?.statement_html ?? '',
        url_source: question.url_source ?? own?.url_source ?? null,
        context:
          question.context ??
          (context ? { id: context.id, title: context.title, body_html: context.body_html } : null),
        choices: question.choices.map((choice) => ({
          ...choice,
          body_html: choice.body_html ?? bodies.get(choice.id) ?? '',
        })),
      };
    }),
  };
}
