import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@ensaya/core/api/error';
import { AttemptContentResponse } from '@ensaya/core/contracts/engine';
import { AppError } from '../../../lib/app-error.ts';
import type { ModuleOptions } from '../../../lib/module-options.ts';
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
import { attemptContentAccess } from '../../sales/index.ts';

/** Bytes of content bodies (identity and compressed) kept in memory per instance. */
export const CONTENT_CACHE_BYTES = 64 * 1024 * 1024;
/** Bytes of per-question and per-context JSON kept per instance (a whole bank is a few MB). */
export const FRAGMENT_CACHE_BYTES = 32 * 1024 * 1024;

/** What each refusal of a key answers (localized messages; the web runner reads the attempt again). */
const REFUSALS = {
  notFound: () => new AppError(404, 'error.notFound'),
  notBegun: () => new AppError(403, 'engine.notBegun'),
  noAccess: () => new AppError(403, 'engine.noAccess'),
  expired: () => new AppError(410, 'engine.contentExpired'),
} as const;

/**
 * `GET api/content/{key}`: the statements, choices and contexts of a running attempt's questions,
 * named and signed by the attempt's `content_url`. The key names the attempt, its student and an
 * expiry; each read checks them before anything is served from the cache: the caller is that
 * student (404), the key has not expired (410), and the attempt runs, has begun when timed (403)
 * and its subject is open to the student now (403). That last check is one query per attempt and
 * session, remembered with the session in the session cache (`SESSION_CACHE_SECONDS`). The body is
 * built and compressed once per name, shared by every student it is issued to, and served from
 * memory in the encoding the browser accepts, past the per-request compression. Paid content:
 * `private`, never `public`, and cached by the browser only until the key expires.
 */
export const contentRoutes: FastifyPluginAsyncZod<
  ModuleOptions & { cache?: ContentCache }
> = async (app, { db, appKey, sessionCache, cache = new ContentCache(CONTENT_CACHE_BYTES) }) => {
  const fragments = new FragmentCache(FRAGMENT_CACHE_BYTES);

  /** The grant's attempt may be read by this session now: checked once per cache lifetime. */
  async function authorize(sessionId: string, userId: number, attemptId: number, now: Date) {
    const grant = `content:${attemptId}`;
    if (sessionCache.hasGrant(sessionId, grant, now.getTime())) return;
    const generation = sessionCache.generation;
    const verdict = await attemptContentAccess(db, userId, attemptId, now);
    if (verdict !== 'ok') throw REFUSALS[verdict]();
    sessionCache.addGrant(sessionId, grant, generation, now.getTime());
  }

  app.get(
    `${CONTENT_PATH}*`,
    {
      // The key is a capability: the log line shows the route, not the key.
      config: { access: 'user', logRoute: true },
      // Sent already compressed from the cache.
      compress: false,
      schema: {
        tags: ['tests'],
        summary:
          "A running attempt's question content (statements, choices, contexts; no keys or solutions), at the attempt's `content_url`, for its student only. Immutable and private until the key expires; brotli or gzip as accepted. 404 for a key not signed by this server or issued to another student, 410 once expired, 403 while the attempt waits for its begin or without access to the subject.",
        params: z.object({ '*': z.string().max(16_000) }),
        response: {
          200: AttemptContentResponse,
          304: z.null(),
          401: ApiError,
          403: ApiError,
          404: ApiError,
          410: ApiError,
        },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const ref = parseContentKey(appKey, key);
      const userId = request.user!.id;
      if (!ref || ref.grant.userId !== userId) throw REFUSALS.notFound();
      const now = new Date();
      const secondsLeft = ref.grant.expiresAt - Math.floor(now.getTime() / 1000);
      if (secondsLeft <= 0) throw REFUSALS.expired();
      await authorize(request.session!.id, userId, ref.grant.attemptId, now);

      // Only now, authorized, the shared body: by its name, the same for every holder.
      const entry =
        ref.kind === 'bank'
          ? await cache.get(ref.name, async () => {
              const built = await buildBankBody(db, ref.subjectId, fragments);
              // A bank that changed since the key was issued is not the one it named: the
              // attempt, read again, names the current one.
              if (built.count !== ref.count || built.version !== ref.version) return null;
              return new ContentEntry(Buffer.from(built.body), `"b${ref.name}"`, true, 9);
            })
          : await cache.get(ref.name, async () => {
              const { body: json, version } = await buildContentBody(db, ref.stemIds, fragments);
              return new ContentEntry(
                Buffer.from(json),
                `"s${nameDigest(ref.name)}"`,
                version === ref.version,
              );
            });
      if (!entry) throw REFUSALS.notFound();
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const etag = entry.etag.replace(/"$/, encoding === 'identity' ? '"' : `-${encoding}"`);
      reply
        .header('vary', 'Accept-Encoding')
        .header(
          'cache-control',
          entry.current ? `private, max-age=${secondsLeft}, immutable` : 'private, no-store',
        )
        .header('etag', etag);
      if (entry.current && request.headers['if-none-match'] === etag) {
        return reply.status(304).send(null);
      }
      const body = await entry.body(encoding, (bytes) => cache.grow(ref.name, bytes));
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      // A Buffer is sent as it is, past the serializer: it is the JSON of the declared schema.
      return reply
        .type('application/json; charset=utf-8')
        .send(body as unknown as z.infer<typeof AttemptContentResponse>);
    },
  );
};

/** A short digest of a set's name for its ETag (the name itself may be long). */
function nameDigest(name: string): string {
  return createHash('sha256').update(name).digest('base64url').slice(0, 22);
}
