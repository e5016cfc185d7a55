import type { MessageKey } from '@ensaya/core/i18n/messages';

/** A message with its own placeholders, which may be messages too (translated first). */
export type Message = { key: MessageKey; params?: Record<string, string | number | Message> };

/**
 * An error a service throws on purpose: the status code and a message key, translated into the
 * request's language by the error handler. `fields` carries per-field message keys (422, and the
 * 403 of an unverified login), `extra` more body fields (`user_id`), `headers` response headers
 * (`Retry-After`).
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly messageKey: MessageKey;
  readonly params: Record<string, string | number | Message>;
  readonly fields: Record<string, Array<MessageKey | Message>> | undefined;
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    messageKey: MessageKey,
    options: {
      params?: Record<string, string | number | Message>;
      fields?: Record<string, Array<MessageKey | Message>>;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(messageKey);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.messageKey = messageKey;
    this.params = options.params ?? {};
    this.fields = options.fields;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}

/** A 422 for one field, its message being the field's message too (the API's error shape). */
export const fieldError = (field: string, key: MessageKey) =>
  new AppError(422, key, { fields: { [field]: [key] } });

/** 429 'Too many attempts.' with the seconds to wait in `Retry-After`. */
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(429, 'error.tooManyAttempts', {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

export const unauthenticated = () => new AppError(401, 'error.unauthenticated');
export const forbidden = () => new AppError(403, 'error.forbidden');
export const notFound = () => new AppError(404, 'error.notFound');
export const csrfMismatch = () => new AppError(419, 'error.csrf');
