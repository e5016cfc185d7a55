import type { ApiError } from '@ensaya/core/api/error';
import { CSRF_COOKIE, CSRF_HEADER, HttpStatus, LANGUAGE_HEADER } from '@ensaya/core/api/http';
import { LOGOUT_CLEARED_KEYS } from '@ensaya/core/storage-keys';
import { endSession, navigateTo, showErrorDialog, showErrorNotice } from './app-bridge.ts';
import { readCookie, deleteCookie } from './cookies.ts';
import { currentLanguage, i18n } from './i18n.ts';
import { removeStored } from './storage.ts';

/**
 * The one API client (STYLE.md, web data access): credentials, the CSRF double-submit token, the
 * language header and the spec's central 401/419/429 behaviour (spec 000, sections 7 and 8).
 */

export type FieldErrors = Record<string, string[]>;

export class ApiRequestError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** Messages per field, from a 422 response. */
  readonly fieldErrors: FieldErrors;
  /**
   * The parsed error body as the server sent it, for the few answers that carry more than
   * `message` and `errors` (the login's 403 names the unverified `user_id`). Read it with
   * `bodyField`; undefined when the body was not the API's error shape.
   */
  readonly body: unknown;
  /** True when the client already told the user (dialog, notice, redirect): callers stay quiet. */
  handled = false;

  constructor(status: number, message: string, fieldErrors: FieldErrors = {}, body?: unknown) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.body = body;
  }

  /** The first message for a field, if the server sent one. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors[field]?.[0];
  }

  /** A top-level field of the error body besides `message` and `errors`, if present. */
  bodyField(name: string): unknown {
    if (typeof this.body !== 'object' || this.body === null) return undefined;
    return (this.body as Record<string, unknown>)[name];
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  /** A JSON-serialisable value, or FormData for uploads. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Request headers beyond the ones every request carries (e.g. `Prefer`). */
  headers?: Record<string, string>;
  /**
   * Statuses the caller handles itself, skipping the central behaviour for them; for example the
   * route guard reads a 401 from `GET /api/me` as "not logged in", not as an expired session.
   */
  handledByCaller?: readonly number[];
}

const CSRF_COOKIE_PATH = '/api/csrf-cookie';
const SAFE_METHODS: ReadonlySet<Method> = new Set(['GET']);

let csrfCookieRequest: Promise<unknown> | undefined;

/** The decoded XSRF-TOKEN cookie; asks the API to set it first when it is absent. */
async function csrfToken(): Promise<string | undefined> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing) return existing;
  // Concurrent mutations share one cookie request.
  csrfCookieRequest ??= fetch(CSRF_COOKIE_PATH, {
    method: 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json', [LANGUAGE_HEADER]: currentLanguage() },
  })
    .catch(() => undefined)
    .finally(() => {
      csrfCookieRequest = undefined;
    });
  await csrfCookieRequest;
  // Still absent: the request goes without the header and the API answers 419, handled below.
  return readCookie(CSRF_COOKIE);
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The API's error shape (core's `ApiError`), checked by hand: the Zod schema would bring Zod onto
 * the login page, over its JavaScript budget.
 */
function isApiErrorBody(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const { message, errors } = value as Record<string, unknown>;
  if (typeof message !== 'string') return false;
  if (errors === undefined) return true;
  return (
    typeof errors === 'object' &&
    errors !== null &&
    Object.values(errors).every(
      (list) => Array.isArray(list) && list.every((item) => typeof item === 'string'),
    )
  );
}

async function toRequestError(response: Response): Promise<ApiRequestError> {
  const body = await readBody(response).catch(() => undefined);
  if (isApiErrorBody(body)) {
    return new ApiRequestError(response.status, body.message, body.errors, body);
  }
  return new ApiRequestError(response.status, i18n.t('errors.generic'));
}

/** The spec's central behaviour for 401, 419 and 429 (spec 000, section 8). */
function handleCentrally(error: ApiRequestError, handledByCaller: readonly number[]): void {
  if (handledByCaller.includes(error.status)) return;
  switch (error.status) {
    case HttpStatus.unauthorized:
      removeStored(LOGOUT_CLEARED_KEYS);
      endSession();
      showErrorDialog(i18n.t('errors.title'), error.message);
      navigateTo('/login');
      error.handled = true;
      return;
    case HttpStatus.csrfMismatch:
      // A stale token would fail again: the next mutation fetches a fresh one.
      deleteCookie(CSRF_COOKIE);
      endSession();
      error.message = i18n.t('errors.sessionExpired');
      showErrorDialog(i18n.t('errors.title'), error.message);
      navigateTo('/login');
      error.handled = true;
      return;
    case HttpStatus.tooManyRequests:
      error.message = i18n.t('errors.tooManyAttempts');
      showErrorNotice(error.message);
      error.handled = true;
      return;
    default:
      return;
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = new Headers({
    Accept: 'application/json',
    [LANGUAGE_HEADER]: currentLanguage(),
    ...options.headers,
  });

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary itself
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  if (!SAFE_METHODS.has(method)) {
    const token = await csrfToken();
    if (token) headers.set(CSRF_HEADER, token);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiRequestError(0, i18n.t('errors.network'));
  }

  if (response.ok) return (await readBody(response)) as T;

  const error = await toRequestError(response);
  handleCentrally(error, options.handledByCaller ?? []);
  throw error;
}

type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * "Other failures: error modal with the server's message" (spec 000, section 8). Callers use it in
 * their `onError`; errors the client already showed (401, 419, 429) are not shown twice.
 */
export function showApiError(error: unknown): void {
  if (isApiRequestError(error)) {
    if (!error.handled) showErrorDialog(i18n.t('errors.title'), error.message);
    return;
  }
  showErrorDialog(i18n.t('errors.title'), i18n.t('errors.generic'));
}
