// One mock exam on the wire (attempt answer + content, brotli) and concurrent
// starts of the same exam on PostgreSQL. Indicative: the server runs in this process (see
// bench/classroom for the separate-process figures). `node bench/content.mjs [students]`.
import { brotliCompressSync, constants } from 'node:zlib';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { withContent } from '../packages/core/src/engine/attempt-content.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { testConfig } from '../apps/api/src/config.ts';
import { createDatabase } from '../apps/api/src/db/client.ts';
import { seedDatabase } from '../apps/api/src/seed/index.ts';
import { subjects } from '../apps/api/src/db/schema/index.ts';
import { createStudent, TEST_PASSWORD } from '../apps/api/src/test/factories.ts';
import { grantAccess } from '../apps/api/src/test/bank-factory.ts';

const STUDENTS = Number(process.argv[2] ?? 300);
const SUBJECT = 'Competencia Matemática M1';
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_DB ?? 'content_bench';

const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
await admin.connect();
await admin.query(`drop database if exists ${DB_NAME}`);
await admin.query(`create database ${DB_NAME}`);
const url = new URL(PG_ADMIN_URL);
url.pathname = `/${DB_NAME}`;
const databaseUrl = url.toString();
const database = await createDatabase({ databaseUrl });
await database.migrate();
await seedDatabase(database.db, { demo: true });
const config = testConfig({
  databaseUrl,
  trustProxy: true,
  rateLimitMax: 1_000_000,
  attemptSweepIntervalMs: 0,
});
const app = await buildApp({ config, database });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${app.server.address().port}`;
const db = database.db;
const [subject] = await db.select().from(subjects).where(eq(subjects.name, SUBJECT));

async function signIn(index) {
  const user = await createStudent(db);
  await grantAccess(db, user.id, subject.id);
  const ip = `10.78.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  const cookies = new Map();
  const keep = (response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const headers = () => ({
    'x-forwarded-for': ip,
    'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  });
  keep(await fetch(`${base}/api/csrf-cookie`, { headers: { 'x-forwarded-for': ip } }));
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { ...headers(), 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login ${login.status}`);
  keep(login);
  return { ip, headers: headers() };
}

// Bytes on the wire of one exam, through app.inject (raw payloads, as sent).
const one = await signIn(0);
const started = await app.inject({
  method: 'POST',
  url: '/api/user-tests',
  payload: { subject_id: subject.id, mode: 'mock_exam' },
  headers: one.headers,
});
const state = started.json().data;
const attemptRead = await app.inject({
  method: 'GET',
  url: `/api/user-tests/${state.id}`,
  headers: { ...one.headers, 'accept-encoding': 'br' },
});
// A timed attempt's content is named from its begin: continued from the instructions.
const begun = await app.inject({
  method: 'POST',
  url: `/api/user-tests/${state.id}/begin`,
  headers: one.headers,
});
const contentUrl = begun.json().data?.content_url ?? state.content_url;
const contentRead = contentUrl
  ? await app.inject({
      method: 'GET',
      url: contentUrl,
      headers: { ...one.headers, 'accept-encoding': 'br' },
    })
  : null;
const contentPlain = contentUrl
  ? JSON.parse((await app.inject({ method: 'GET', url: contentUrl, headers: one.headers })).body)
      .data
  : null;
const merged = JSON.stringify({ data: withContent(state, contentPlain) });
const q4 = (text) =>
  brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`questions: ${state.questions.length}`);
console.log(
  `before (attempt answer with every text, identity / brotli q4): ${kb(Buffer.byteLength(merged))} / ${kb(q4(merged))}`,
);
console.log(
  `attempt answer on the wire (${attemptRead.headers['content-encoding'] ?? 'identity'}): ${kb(attemptRead.rawPayload.length)}`,
);
if (contentRead) {
  console.log(
    `content on the wire (${contentRead.headers['content-encoding']}): ${kb(contentRead.rawPayload.length)}`,
  );
  console.log(
    `attempt + content: ${kb(attemptRead.rawPayload.length + contentRead.rawPayload.length)}`,
  );
}

// Concurrent starts: every student signed in first, then all start at once.
const students = [];
for (let i = 1; i <= STUDENTS; i++) students.push(await signIn(i));
const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const times = [];
await Promise.all(
  students.map(async (student) => {
    const began = performance.now();
    const response = await fetch(`${base}/api/user-tests`, {
      method: 'POST',
      headers: { ...student.headers, 'content-type': 'application/json', 'accept-encoding': 'br' },
      body: JSON.stringify({ subject_id: subject.id, mode: 'mock_exam' }),
    });
    await response.arrayBuffer();
    times.push(performance.now() - began);
    if (response.status !== 201) throw new Error(`start ${response.status}`);
  }),
);
clearInterval(sampler);
times.sort((a, b) => a - b);
const pct = (p) =>
  times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)].toFixed(0);
console.log(
  `${STUDENTS} concurrent starts: p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${pct(100)} ms; RSS ${(rssBefore / 2 ** 20).toFixed(0)} MB before, peak ${(peak / 2 ** 20).toFixed(0)} MB`,
);

await app.close();
await database.close();
await admin.query(`drop database if exists ${DB_NAME}`);
await admin.end();
