import { z } from 'zod';

/**
 * The one error shape of the API: a message in the request's language and, for validation errors
 * (422), the messages of each invalid field.
 */
export const ApiError = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/** Status codes the clients react to (spec 000, section 8). */
export const HttpStatus = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  csrfMismatch: 419,
  unprocessable: 422,
  tooManyRequests: 429,
  serverError: 500,
} as const;

/** Names of the CSRF double-submit cookie and header (DESIGN.md, sessions). */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const LANGUAGE_HEADER = 'x-localization';
