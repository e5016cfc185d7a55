import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app.ts';
import { testConfig, type Config } from '../config.ts';
import { createDatabase, type Db } from '../db/client.ts';
import { seedDatabase } from '../seed/index.ts';

export type TestApp = { app: FastifyInstance; db: Db; config: Config; close(): Promise<void> };

/**
 * The whole app on a test database: the run's PostgreSQL database when TEST_DATABASE_URL is set
 * (migrated and seeded with reference data once, by the global setup), otherwise a fresh in-memory
 * PGlite, migrated and seeded here. Reference data only (countries, territory): no demo accounts.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: {
    beforeReady?: (app: FastifyInstance) => void;
    /** An in-memory PGlite of its own even when the run shares a PostgreSQL database. */
    ownDatabase?: boolean;
  } = {},
): Promise<TestApp> {
  const databaseUrl = options.ownDatabase ? undefined : inject('databaseUrl') || undefined;
  const config = testConfig({ databaseUrl, ...overrides });
  const database = await createDatabase({ databaseUrl });
  if (!databaseUrl) {
    await database.migrate();
    await seedDatabase(database.db, { demo: false });
  }
  const app = await buildApp({ config, database, serveWebApp: Boolean(overrides.webDistDir) });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    async close() {
      await app.close();
      await database.close();
      if (config.uploadsDir.startsWith(tmpdir())) {
        await rm(config.uploadsDir, { recursive: true, force: true });
      }
    },
  };
}

type Response = Awaited<ReturnType<FastifyInstance['inject']>>;

let clientCount = 0;

/**
 * A browser-like client for `app.inject`: it keeps cookies between requests and sends the CSRF
 * header on mutating requests, as the web app's API client does. Each client has an address of
 * its own (10.x.y.z), so per-address rate limits of one test do not spill into another.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  private readonly app: FastifyInstance;
  language: string | undefined;
  readonly remoteAddress: string;

  constructor(app: FastifyInstance, options: { language?: string; remoteAddress?: string } = {}) {
    this.app = app;
    this.language = options.language;
    clientCount += 1;
    this.remoteAddress =
      options.remoteAddress ??
      `10.${process.pid % 250}.${Math.floor(clientCount / 250) % 250}.${clientCount % 250}`;
  }

  get csrfToken() {
    return this.cookies.get('XSRF-TOKEN');
  }

  async request(options: InjectOptions & { csrf?: boolean }): Promise<Response> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    const isMutating = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (isMutating && options.csrf !== false) {
      if (!this.csrfToken) await this.request({ method: 'GET', url: '/api/csrf-cookie' });
      headers['x-xsrf-token'] = this.csrfToken ?? '';
    }
    if (this.language) headers['x-localization'] = this.language;
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response = await this.app.inject({
      remoteAddress: this.remoteAddress,
      ...options,
      method: method as InjectOptions['method'],
      headers,
    });
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const isCleared =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() < Date.now());
      if (isCleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string, options: Omit<InjectOptions, 'url' | 'method'> = {}) {
    return this.request({ ...options, method: 'GET', url });
  }

  post(
    url: string,
    payload?: unknown,
    options: Omit<InjectOptions, 'url' | 'method' | 'payload'> & { csrf?: boolean } = {},
  ) {
    return this.request({
      ...options,
      method: 'POST',
      url,
      payload: payload as InjectOptions['payload'],
    });
  }

  async login(email: string, password: string) {
    const response = await this.post('/api/login', { email, password });
    if (response.statusCode !== 200)
      throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return response;
  }
}
