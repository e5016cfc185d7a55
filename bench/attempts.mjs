// The test engine under a classroom: STUDENTS simulated students start a mock exam of PAES M1
// (65 questions) at once and each saves one answer every INTERVAL_MS over HTTP, as the exam page
// does. Reports p50/p95/p99 save latency and checks that every acknowledged answer is stored.
// Runs on embedded PGlite and, when it answers, on PostgreSQL (a database of its own).
//
//   npm run bench:attempts                     # 200 students, an answer every 2 s (about 2.5 min per database)
//   STUDENTS=50 INTERVAL_MS=500 npm run bench:attempts
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { testConfig } from '../apps/api/src/config.ts';
import { createDatabase } from '../apps/api/src/db/client.ts';
import { seedDatabase } from '../apps/api/src/seed/index.ts';
import { subjects, userTestStems } from '../apps/api/src/db/schema/index.ts';
import { createStudent, TEST_PASSWORD } from '../apps/api/src/test/factories.ts';
import { grantAccess } from '../apps/api/src/test/bank-factory.ts';

const STUDENTS = Number(process.env.STUDENTS ?? 200);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 2000);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SUBJECT = 'Competencia Matemática M1';

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** One student's browser: cookies, CSRF header, its own address (X-Forwarded-For). */
class Student {
  constructor(base, address) {
    this.base = base;
    this.address = address;
    this.cookies = new Map();
  }
  async request(method, url, body) {
    const headers = { 'x-forwarded-for': this.address };
    if (method !== 'GET') {
      if (!this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/api/csrf-cookie');
      headers['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN'));
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  }
}

async function run(kind) {
  let databaseUrl;
  let dataDir;
  let admin;
  if (kind === 'postgres') {
    admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query('drop database if exists ensaya_bench_attempts');
    await admin.query('create database ensaya_bench_attempts');
    const url = new URL(PG_ADMIN_URL);
    url.pathname = '/ensaya_bench_attempts';
    databaseUrl = url.toString();
  } else {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ensaya-bench-'));
  }
  const database = await createDatabase({ databaseUrl, dataDir });
  await database.migrate();
  await seedDatabase(database.db, { demo: true });
  const config = testConfig({
    databaseUrl,
    trustProxy: true,
    rateLimitMax: 100_000,
    attemptSweepIntervalMs: 0,
  });
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const db = database.db;
  const [subject] = await db.select().from(subjects).where(eq(subjects.name, SUBJECT));

  // Students, signed in, each with its exam started.
  const students = [];
  for (let i = 0; i < STUDENTS; i++) {
    const user = await createStudent(db);
    await grantAccess(db, user.id, subject.id);
    const student = new Student(base, `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`);
    const login = await student.request('POST', '/api/login', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    if (login.status !== 200) throw new Error(`login ${login.status}`);
    student.userId = user.id;
    students.push(student);
  }
  const startTimes = [];
  await Promise.all(
    students.map(async (student) => {
      const began = performance.now();
      const started = await student.request('POST', '/api/user-tests', {
        subject_id: subject.id,
        mode: 'mock_exam',
      });
      startTimes.push(performance.now() - began);
      if (started.status !== 201)
        throw new Error(`start ${started.status} ${JSON.stringify(started.json)}`);
      student.exam = started.json.data;
      // Continued from the instructions: a timed attempt takes answers from its begin.
      const begun = await student.request('POST', `/api/user-tests/${student.exam.id}/begin`);
      if (begun.status !== 200)
        throw new Error(`begin ${begun.status} ${JSON.stringify(begun.json)}`);
    }),
  );

  // Every student answers its questions in order, one every INTERVAL_MS, starting at a random offset.
  const latencies = [];
  let failures = 0;
  const acknowledged = new Map();
  const questionCount = students[0].exam.questions.length;
  await Promise.all(
    students.map(async (student) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * INTERVAL_MS));
      for (const question of student.exam.questions) {
        const due = performance.now() + INTERVAL_MS;
        const choice = question.choices[Math.floor(Math.random() * question.choices.length)];
        const seq = question.position;
        const began = performance.now();
        const saved = await student.request('POST', `/api/user-tests/${student.exam.id}/stems`, {
          stems: [
            { stem_id: question.stem_id, stem_choice_ids: [choice.id], is_marked: false, seq },
          ],
        });
        latencies.push(performance.now() - began);
        if (saved.status === 200)
          acknowledged.set(`${student.exam.id}:${question.stem_id}`, choice.id);
        else failures += 1;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      }
    }),
  );

  // Nothing acknowledged may be missing.
  let lost = 0;
  for (const student of students) {
    const rows = await db
      .select({ stemId: userTestStems.stemId, chosen: userTestStems.chosenChoiceIds })
      .from(userTestStems)
      .where(
        and(
          eq(userTestStems.userTestId, student.exam.id),
          eq(userTestStems.userId, student.userId),
        ),
      );
    for (const row of rows) {
      const expected = acknowledged.get(`${student.exam.id}:${row.stemId}`);
      if (expected !== undefined && (row.chosen.length !== 1 || row.chosen[0] !== expected))
        lost += 1;
    }
  }
  const submitTimes = [];
  await Promise.all(
    students.map(async (student) => {
      const began = performance.now();
      const result = await student.request('POST', `/api/user-tests/${student.exam.id}/submit`);
      submitTimes.push(performance.now() - began);
      if (result.status !== 200 || result.json.data.unanswered !== 0) lost += 1;
    }),
  );

  await app.close();
  await database.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (admin) {
    await admin.query('drop database if exists ensaya_bench_attempts');
    await admin.end();
  }
  const sorted = latencies.sort((a, b) => a - b);
  const fmt = (value) => value.toFixed(1);
  startTimes.sort((a, b) => a - b);
  submitTimes.sort((a, b) => a - b);
  return {
    kind,
    saves: sorted.length,
    expected: STUDENTS * questionCount,
    failures,
    lost,
    p50: fmt(percentile(sorted, 50)),
    p95: fmt(percentile(sorted, 95)),
    p99: fmt(percentile(sorted, 99)),
    startP95: fmt(percentile(startTimes, 95)),
    submitP95: fmt(percentile(submitTimes, 95)),
  };
}

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const kinds = ['pglite', ...((await postgresAnswers()) ? ['postgres'] : [])];
console.log(
  `${STUDENTS} students, a 65-question mock exam each, one answer every ${INTERVAL_MS} ms`,
);
console.log(
  'database  saves        failed  lost  save p50  p95     p99     start p95  submit p95 (ms)',
);
let bad = false;
for (const kind of kinds) {
  const r = await run(kind);
  console.log(
    `${r.kind.padEnd(9)} ${`${r.saves}/${r.expected}`.padEnd(12)} ${String(r.failures).padEnd(7)} ${String(r.lost).padEnd(5)} ${r.p50.padEnd(9)} ${r.p95.padEnd(7)} ${r.p99.padEnd(7)} ${r.startP95.padEnd(10)} ${r.submitP95}`,
  );
  if (r.lost > 0 || r.failures > 0 || r.saves !== r.expected) bad = true;
}
if (bad) {
  console.error('Answers were lost or refused.');
  process.exit(1);
}
process.exit(0);
