import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pickLanguage } from '@ensaya/core/i18n/language';
import { translate } from '@ensaya/core/i18n/messages';
import { translateIssueMessage } from '@ensaya/core/validation/zod-messages';
import { AppError, type Message } from '../lib/app-error.ts';

function translateMessage(request: FastifyRequest, message: Message): string {
  const params = Object.fromEntries(
    Object.entries(message.params ?? {}).map(([name, value]) => [
      name,
      typeof value === 'object' ? translateMessage(request, value) : value,
    ]),
  );
  return request.t(message.key, params);
}

/**
 * One error shape for every failure: `{ message, errors? }` in the request's language (docs/architecture.md,
 * "Errors"). Internals never reach the client: a 500 says only that something went wrong.
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const errors = error.fields
        ? Object.fromEntries(
            Object.entries(error.fields).map(([field, keys]) => [
              field,
              keys.map((key) =>
                translateMessage(
                  request,
                  typeof key === 'string' ? { key, params: error.params } : key,
                ),
              ),
            ]),
          )
        : undefined;
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        message: translateMessage(request, { key: error.messageKey, params: error.params }),
        errors,
        ...error.extra,
      });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        const message = translateIssueMessage(request.language, issue.message ?? '', issue.params);
        // Two checks of one rule (a length limit and the format) must not say the same thing twice.
        if (!errors[field]?.includes(message)) (errors[field] ??= []).push(message);
      }
      return reply.status(422).send({ message: request.t('error.validation'), errors });
    }

    const status = error.statusCode ?? 500;
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ message: request.t('error.malformedJson') });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ message: request.t('error.unsupportedMediaType') });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ message: request.t('error.payloadTooLarge') });
    }
    if (status === 429)
      return reply.status(429).send({ message: request.t('error.tooManyAttempts') });
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ message: request.t(status === 404 ? 'error.notFound' : 'error.badRequest') });
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: request.t('error.server') });
  });

  app.setNotFoundHandler((request, reply) => sendNotFound(request, reply));
});

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .send({ message: request.t('error.routeNotFound', { path: request.url.split('?')[0] ?? '' }) });
}

/**
 * Fastify's `frameworkErrors`: what it refuses before any route or hook runs (a malformed URL
 * such as `/%zz`, a parameter too long). No hook runs for these, so the security headers, the
 * language and the request id are set here, and the body has the usual `{ message }` shape.
 */
export function answerFrameworkError(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const localization = request.headers['x-localization'];
    const language = pickLanguage(
      Array.isArray(localization) ? localization[0] : localization,
      request.headers['accept-language'],
    );
    const isBadUrl = ['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH'].includes(error.code);
    const status = isBadUrl ? (error.statusCode ?? 400) : 500;
    if (!isBadUrl) request.log.error({ err: error }, 'framework error');
    return reply
      .headers(headers)
      .header('content-language', language)
      .header('x-request-id', request.id)
      .status(status)
      .send({ message: translate(language, isBadUrl ? 'error.malformedUrl' : 'error.server') });
  };
}

/**
 * Fastify's `clientErrorHandler`: a request Node cannot even parse (a broken request line or
 * header) gets the same headers and shape, in Spanish since its headers cannot be read.
 */
export function answerClientError(headers: Record<string, string>) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    // The peer is gone: nothing to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? 431
          : 400;
    const body = JSON.stringify({
      message: translate('es', status === 431 ? 'error.payloadTooLarge' : 'error.badRequest'),
    });
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      'content-type: application/json; charset=utf-8',
      'content-language: es',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
    ];
    if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy(error);
  };
}
