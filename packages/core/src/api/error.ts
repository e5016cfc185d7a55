import { z } from 'zod';

export { CSRF_COOKIE, CSRF_HEADER, HttpStatus, LANGUAGE_HEADER, SIGNED_IN_COOKIE } from './http.ts';

/**
 * The one error shape of the API: a message in the request's language and, for validation errors
 * (422), the messages of each invalid field.
 */
export const ApiError = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof ApiError>;
