import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@ensaya/core/api/error';
import { AttemptContentResponse } from '@ensaya/core/contracts/engine';
import { AppError } from '../../lib/app-error.ts';
import type { ModuleOptions } from '../../lib/module-options.ts';
import {
  CONTENT_PATH,
  ContentCache,
  ContentEntry,
  FragmentCache,
  buildBankBody,
  buildContentBody,
  parseContentKey,
  pickEncoding,
} from './attempt-content.ts';

/** Bytes of content bodies (identity and compressed) kept in memory per instance. */
export const CONTENT_CACHE_BYTES = 64 * 1024 * 1024;
/** Bytes of per-question and per-context JSON kept per instance (a whole bank is a few MB). */
export const FRAGMENT_CACHE_BYTES = 32 * 1024 * 1024;

const IMMUTABLE = 'private, max-age=31536000, immutable';

/**
 * `GET api/content/{key}`: the statements, choices and contexts of a running attempt's questions,
 * named and signed by the attempt's `content_url` (no database query to authorize: the signature
 * is the proof the caller got it from an attempt). Immutable: an edit changes the key. The body is
 * built and compressed once per key and served from memory in the encoding the browser accepts,
 * past the per-request compression. Paid content: `private`, never `public`.
 */
export const contentRoutes: FastifyPluginAsyncZod<
  ModuleOptions & { cache?: ContentCache }
> = async (app, { db, appKey, cache = new ContentCache(CONTENT_CACHE_BYTES) }) => {
  const fragments = new FragmentCache(FRAGMENT_CACHE_BYTES);
  app.get(
    `${CONTENT_PATH}*`,
    {
      config: { access: 'user' },
      // Sent already compressed from the cache.
      compress: false,
      schema: {
        tags: ['tests'],
        summary:
          "A running attempt's question content (statements, choices, contexts; no keys or solutions), at the attempt's `content_url`. Immutable and private; brotli or gzip as accepted; 404 for a key not signed by this server.",
        params: z.object({ '*': z.string().max(16_000) }),
        response: { 200: AttemptContentResponse, 304: z.null(), 401: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const ref = parseContentKey(appKey, key);
      if (!ref) throw new AppError(404, 'error.notFound');
      let entry: ContentEntry | null;
      if (ref.kind === 'bank') {
        // Issued to one student; the body is shared by every student of the subject and version.
        if (ref.userId !== request.user!.id) throw new AppError(404, 'error.notFound');
        const bankKey = `_${ref.subjectId}.${ref.count}~${ref.version}`;
        entry = await cache.get(bankKey, async () => {
          const built = await buildBankBody(db, ref.subjectId, fragments);
          // A bank that changed since the key was issued is not the one it named: the attempt,
          // read again, names the current one.
          if (built.count !== ref.count || built.version !== ref.version) return null;
          return new ContentEntry(Buffer.from(built.body), `"b${bankKey}"`, true, 9);
        });
      } else {
        entry = await cache.get(key, async () => {
          const { body: json, version } = await buildContentBody(db, ref.stemIds, fragments);
          const body = Buffer.from(json);
          return new ContentEntry(
            body,
            `"${key.slice(key.lastIndexOf('~') + 1)}"`,
            version === ref.version,
          );
        });
      }
      if (!entry) throw new AppError(404, 'error.notFound');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const etag = entry.etag.replace(/"$/, encoding === 'identity' ? '"' : `-${encoding}"`);
      reply
        .header('vary', 'Accept-Encoding')
        .header('cache-control', entry.current ? IMMUTABLE : 'private, no-store')
        .header('etag', etag);
      if (entry.current && request.headers['if-none-match'] === etag) {
        return reply.status(304).send(null);
      }
      const body = await entry.body(encoding, (bytes) => cache.grow(key, bytes));
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      // A Buffer is sent as it is, past the serializer: it is the JSON of the declared schema.
      return reply
        .type('application/json; charset=utf-8')
        .send(body as unknown as z.infer<typeof AttemptContentResponse>);
    },
  );
};
