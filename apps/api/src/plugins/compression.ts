import { constants } from 'node:zlib';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * Brotli or gzip for responses of 1 KB and more, as the browser accepts (`Vary: Accept-Encoding`).
 * Built files arrive compressed already (`.br`/`.gz` beside them, see `web-app.ts`) and are passed
 * through. Brotli runs at quality 4 for answers made per request: most of the saving at a small
 * share of the CPU of quality 11, which only the one-time build can afford. Request bodies are not
 * decompressed: nobody sends them compressed, and that is one decompression bomb fewer.
 */
export const compressionPlugin = fp(async (app) => {
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});
