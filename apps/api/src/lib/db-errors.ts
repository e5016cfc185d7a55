import type { MessageKey } from '@ensaya/core/i18n/messages';
import { AppError, fieldError } from './app-error.ts';

/**
 * Whether a database error is a unique violation (of `constraint`, when given). Drivers and Drizzle
 * wrap the PostgreSQL error differently, so the causes are searched.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let cause = error; cause && typeof cause === 'object';) {
    const candidate = cause as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return constraint === undefined || candidate.constraint === constraint;
    }
    cause = candidate.cause;
  }
  return false;
}

/**
 * Whether a database error is a foreign-key violation: other rows still point at this one
 * (23503, or 23001 for an `ON DELETE RESTRICT` key).
 */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object';) {
    const candidate = cause as { code?: unknown; cause?: unknown };
    if (candidate.code === '23503' || candidate.code === '23001') return true;
    cause = candidate.cause;
  }
  return false;
}

/**
 * Runs a write and turns the database's refusals into the API's answers: a foreign-key violation
 * is 409 (other rows depend on this one), a unique violation of `unique` a 422 on its field.
 */
export async function guardWrite<T>(
  write: () => Promise<T>,
  unique?: { field: string; key: MessageKey },
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError(409, 'admin.inUse');
    if (unique && isUniqueViolation(error)) throw fieldError(unique.field, unique.key);
    throw error;
  }
}
