import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES } from '../areas/accounts/index.ts';
import { registerAssetRoutes } from './access.ts';

/**
 * File uploads: multipart parsing with tight limits (one file of at most 2 MB, a few small fields)
 * and the uploads folder served at /uploads/. Stored names are random and never reused, so they
 * are cached for a year.
 */
export const uploadsPlugin = fp<{ uploadsDir: string }>(async (app, { uploadsDir }) => {
  mkdirSync(path.join(uploadsDir, 'avatars'), { recursive: true });
  mkdirSync(path.join(uploadsDir, 'media'), { recursive: true });

  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
  });

  // Avatars are public files under unguessable names; imported question images (media/, see
  // question-import/media.ts) are public too, named by the hash of their content.
  await registerAssetRoutes(app, (scope) =>
    scope.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      // The web app's registration decorates the reply; a second one must not.
      decorateReply: false,
      index: false,
      list: false,
      setHeaders(reply) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    }),
  );
});
