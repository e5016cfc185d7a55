import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createWebDist } from '../test/web-dist.ts';

// What goes over the wire: API JSON of 1 KB and more in brotli or gzip as the
// browser accepts, the build's precompressed copies for its files, and nothing compressed for a
// client that does not ask.

let t: TestApp;
const bundle = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `palabra-${i}`))};\n`;

beforeAll(async () => {
  const dist = createWebDist();
  // What apps/web/build/precompress.ts writes beside a built file.
  const file = path.join(dist, 'assets', 'bundle-1a2b3c.js');
  writeFileSync(file, bundle);
  writeFileSync(`${file}.br`, brotliCompressSync(bundle));
  writeFileSync(`${file}.gz`, gzipSync(bundle));
  const index = path.join(dist, 'index.html');
  writeFileSync(
    `${index}.br`,
    brotliCompressSync('<!doctype html><title>Ensaya</title><div id="root"></div>'),
  );
  t = await buildTestApp({ webDistDir: dist });
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('compression', () => {
  it('sends API JSON of 1 KB and more in brotli, else gzip, and says it varies', async () => {
    const plain = await get('/api/states');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/states', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get('/api/states', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const health = await get('/api/health', 'br');
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it("serves a built file's precompressed copy with year-long immutable caching", async () => {
    const br = await get('/assets/bundle-1a2b3c.js', 'gzip, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);

    const gz = await get('/assets/bundle-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bundle);

    const plain = await get('/assets/bundle-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it('sends the HTML shell compressed and never cached, for any app route', async () => {
    const shell = await get('/dashboard', 'br');
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-type']).toMatch(/text\/html/);
    expect(shell.headers['content-encoding']).toBe('br');
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(shell.rawPayload).toString()).toContain('<div id="root">');
  });
});
