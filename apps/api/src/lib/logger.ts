import type { FastifyLoggerOptions, FastifyRequest, FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The path itself is a secret (a signed content key): log lines show the route's pattern
     * (`/api/content/*`), never the URL.
     */
    logRoute?: boolean;
  }
}

/**
 * The logger's options: no password hash, token, cookie, e-mail, phone or Rut in a log line
 *. Secret headers are redacted wherever they are logged, request URLs lose
 * their query values (reset tokens, link signatures, e-mails), a route whose path is a key
 * (`config.logRoute`) is logged as its pattern, and errors are serialized from an
 * allow-list of fields: a database error's parameters and detail (which hold the row's values)
 * never get in.
 */
export function loggerOptions(
  level: string,
  stream?: FastifyLoggerOptions['stream'],
): LoggerOptions {
  return {
    level,
    stream,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggedUrl(request),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: serializeError,
    },
  };
}

const SECRET_HEADERS = ['cookie', 'set-cookie', 'authorization', 'x-xsrf-token'];
const REDACTED_PATHS = ['headers', 'req.headers', 'res.headers', '*.headers'].flatMap((prefix) =>
  SECRET_HEADERS.map((header) => `${prefix}["${header}"]`),
);

/** The URL as a log line shows it: the route's pattern when its path is a key, no query values. */
export function loggedUrl(request: FastifyRequest): string {
  const route = request.routeOptions;
  if (route?.config?.logRoute === true && route.url) return route.url;
  return withoutQueryValues(request.url);
}

/** `/resetpassword?token=abc&email=x` -> `/resetpassword?token=[redacted]&email=[redacted]`. */
export function withoutQueryValues(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const names = url
    .slice(start + 1)
    .split('&')
    .map((pair) => `${pair.split('=')[0]}=[redacted]`);
  return `${url.slice(0, start)}?${names.join('&')}`;
}

type SerializedError = { type: string; message: string; stack: string; [field: string]: unknown };

// Fields of an error (and of PostgreSQL's, on its cause) that name things but carry no values.
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
  'errno',
  'syscall',
] as const;

/**
 * An error as a log line shows it: type, message and stack of the error and its causes, and the
 * allow-listed fields. Drizzle puts a failed query's parameters in its message ("params: ...")
 * and on the error; PostgreSQL puts the row's values in `detail`; both stay out.
 */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: safeMessage(String(error)), stack: '' };
  const chain: Error[] = [];
  for (let cause: unknown = error; cause instanceof Error && chain.length < 5;) {
    if (chain.includes(cause)) break;
    chain.push(cause);
    cause = cause.cause;
  }
  const fields: Record<string, unknown> = {};
  for (const link of chain) {
    for (const field of SAFE_FIELDS) {
      const value = (link as unknown as Record<string, unknown>)[field];
      if (fields[field] === undefined && (typeof value === 'string' || typeof value === 'number'))
        fields[field] = value;
    }
  }
  return {
    type: error.constructor?.name ?? error.name,
    message: chain.map((link) => safeMessage(link.message)).join(': '),
    stack: chain
      .map((link, i) => {
        const frames = (link.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
        const head = `${i > 0 ? 'caused by: ' : ''}${link.name}: ${safeMessage(link.message)}`;
        return [head, ...frames].join('\n');
      })
      .join('\n'),
    ...fields,
  };
}

/** A message without query parameters, quoted input values, e-mails, password hashes or Ruts. */
export function safeMessage(message: string): string {
  return (
    message
      // Drizzle: "Failed query: <sql>\nparams: <values>".
      .replace(/\n\s*params:[\s\S]*$/, '')
      // PostgreSQL: 'invalid input syntax for type integer: "<value>"'.
      .replace(/: "[\s\S]*"$/, ': "[redacted]"')
      .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]')
      .replace(/\$argon2\w*\$\S*/g, '[hash]')
      .replace(/\b\d{1,2}\.?\d{3}\.?\d{3}-[\dkK]\b/g, '[rut]')
  );
}
