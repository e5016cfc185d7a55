import type { MessageKey } from '@ensaya/core/i18n/messages';

/**
 * An error a service throws on purpose: the status code and a message key, translated into the
 * request's language by the error handler. `fields` carries per-field message keys for 422.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly messageKey: MessageKey;
  readonly params: Record<string, string | number>;
  readonly fields: Record<string, MessageKey[]> | undefined;

  constructor(
    statusCode: number,
    messageKey: MessageKey,
    options: {
      params?: Record<string, string | number>;
      fields?: Record<string, MessageKey[]>;
    } = {},
  ) {
    super(messageKey);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.messageKey = messageKey;
    this.params = options.params ?? {};
    this.fields = options.fields;
  }
}

export const unauthenticated = () => new AppError(401, 'error.unauthenticated');
export const forbidden = () => new AppError(403, 'error.forbidden');
export const notFound = () => new AppError(404, 'error.notFound');
export const csrfMismatch = () => new AppError(419, 'error.csrf');
