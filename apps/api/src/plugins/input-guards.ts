import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { isGuardedRoute } from './access.ts';

/** More than this many fields are not listed one by one. */
const MAX_FIELDS = 20;

/** A UTF-16 surrogate without its pair: not a character, and not valid JSON for jsonb. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

type Problem = 'validation.nul' | 'validation.unpairedSurrogate';
export type UnstorableField = { field: string; problem: Problem };

function textProblem(text: string): Problem | undefined {
  if (text.includes('\0')) return 'validation.nul';
  if (UNPAIRED_SURROGATE.test(text)) return 'validation.unpairedSurrogate';
  return undefined;
}

/**
 * The fields of `value` whose text (or key) PostgreSQL cannot store: a NUL character (U+0000),
 * refused in text and jsonb, or an unpaired surrogate, refused in jsonb. Named as the 422's
 * fields are (`choices.0.body`; `_` for a value that is itself a string).
 */
export function unstorableFields(
  value: unknown,
  path: string[] = [],
  found: UnstorableField[] = [],
): UnstorableField[] {
  if (found.length >= MAX_FIELDS) return found;
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) found.push({ field: path.join('.') || '_', problem });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => unstorableFields(item, [...path, String(index)], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // The field's name as readable text: the key itself may hold the NUL.
      const name = JSON.stringify(key).slice(1, -1);
      const problem = textProblem(key);
      if (problem) found.push({ field: [...path, name].join('.'), problem });
      unstorableFields(item, [...path, name], found);
    }
  }
  return found;
}

export const hasUnstorableText = (value: unknown) => unstorableFields(value).length > 0;

/** The 422 for those fields, each with its message. */
export function unstorableTextError(fields: UnstorableField[]) {
  return new AppError(422, 'error.validation', {
    fields: Object.fromEntries(fields.map(({ field, problem }) => [field, [problem]])),
  });
}

/**
 * Input every route refuses before its own validation: text PostgreSQL cannot store (a NUL in a
 * body, a query value or a path parameter; an unpaired surrogate, which jsonb refuses) would fail
 * in the database (a 500) after part of the work was done. It is a 422 naming the fields instead,
 * and nothing changes. Runs after the CSRF and access checks (registered after the sessions
 * plugin). Multipart routes check their fields and files where they read them.
 */
export const inputGuardsPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    if (!isGuardedRoute(request)) return;
    const fields = [
      ...unstorableFields(request.params),
      ...unstorableFields(request.query),
      ...unstorableFields(request.body),
    ];
    if (fields.length > 0) throw unstorableTextError(fields);
  });
});
