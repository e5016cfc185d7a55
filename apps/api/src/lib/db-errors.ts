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
