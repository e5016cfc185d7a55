import { useState, type ChangeEvent } from 'react';
import { isApiRequestError } from './api-client.ts';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** Checks one field against all the values (for cross-field rules such as a confirmation). */
export type FieldCheck<Field extends string> = (
  field: Field,
  values: Readonly<Record<Field, string>>,
) => string | undefined;

/**
 * The state of a plain form outside Ant Design's Form (which would cost the pages its weight):
 * values, one error per field, checks on blur and on submit. The checks are core's pure rules,
 * translated; see each form's `*-validation.ts`.
 */
export function useFormFields<Field extends string>(
  initial: Record<Field, string>,
  check: FieldCheck<Field>,
) {
  const [values, setValues] = useState<Record<Field, string>>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const fields = Object.keys(initial) as Field[];

  function setValue(field: Field, value: string): void {
    const next = { ...values, [field]: value };
    setValues(next);
    // A field showing an error is checked again as it is corrected.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: check(field, next) }));
  }

  function blur(field: Field): void {
    // Only a field the student has typed in: tabbing through an empty form is not an error.
    if (values[field] === '' && !errors[field]) return;
    setErrors((current) => ({ ...current, [field]: check(field, values) }));
  }

  /** Checks every field, shows every problem at once and returns them. */
  function validateAll(only: readonly Field[] = fields): FieldErrors<Field> {
    const found: FieldErrors<Field> = {};
    for (const field of only) {
      const error = check(field, values);
      if (error) found[field] = error;
    }
    setErrors(found);
    return found;
  }

  function reset(next: Record<Field, string> = initial): void {
    setValues(next);
    setErrors({});
  }

  /** Props for a text field (plain or Ant Design's) bound to `field`, labelled by `FormField`. */
  function inputProps(field: Field, id: string) {
    const error = errors[field];
    return {
      id,
      name: field,
      value: values[field],
      status: error ? ('error' as const) : undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      onBlur: () => blur(field),
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(field, event.target.value),
    };
  }

  return { values, errors, setValue, setValues, setErrors, blur, validateAll, reset, inputProps };
}

/**
 * The first server message of each known field of a 422 (`{ errors: { field: [messages] } }`),
 * and the messages of fields the form does not show, so that none is lost.
 */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): { errors: FieldErrors<Field>; other: string[] } {
  const errors: FieldErrors<Field> = {};
  const other: string[] = [];
  if (!isApiRequestError(error)) return { errors, other };
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if ((fields as readonly string[]).includes(field)) errors[field as Field] = messages[0];
    else other.push(...messages);
  }
  return { errors, other };
}

/** Focuses the control of the first field with an error, in the form's order. */
export function focusFirstError<Field extends string>(
  errors: FieldErrors<Field>,
  order: readonly Field[],
  idOf: (field: Field) => string,
): void {
  const first = order.find((field) => errors[field]);
  if (first) document.getElementById(idOf(first))?.focus();
}
