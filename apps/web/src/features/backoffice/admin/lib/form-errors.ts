import type { FieldErrors } from '../../../../lib/api-client.ts';

/**
 * Splits a 422's field errors into those a form shows beside its fields and the rest, which it
 * shows together above them. `errors.choices.1.body` belongs to the field `choices.1.body`.
 */
export function splitFieldErrors(
  errors: FieldErrors,
  knownFields: readonly string[],
): { byField: FieldErrors; other: string[] } {
  const byField: FieldErrors = {};
  const other: string[] = [];
  for (const [field, messages] of Object.entries(errors)) {
    if (knownFields.includes(field)) byField[field] = messages;
    else other.push(...messages);
  }
  return { byField, other };
}
