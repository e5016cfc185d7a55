/**
 * HTTP names the API and the web app share, without Zod: the web app's login page imports these,
 * and importing `./error.ts` would bring the whole schema library into its JavaScript budget.
 * `./error.ts` re-exports them for server code.
 */

/** Status codes the clients react to (spec 000, section 8). */
export const HttpStatus = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  gone: 410,
  csrfMismatch: 419,
  unprocessable: 422,
  tooManyRequests: 429,
  serverError: 500,
} as const;

/** Names of the CSRF double-submit cookie and header (docs/architecture.md, "Sessions"). */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const LANGUAGE_HEADER = 'x-localization';

/**
 * A readable cookie that only says "this browser has a signed-in session" (never who, never the
 * token). The web app asks `GET /api/me` only when it or the stored login flag is there, so a
 * visitor's public pages cost no request and no 401 in the console.
 */
export const SIGNED_IN_COOKIE = 'ensaya_signed_in';
