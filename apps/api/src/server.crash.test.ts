import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Attempt } from '@ensaya/core/contracts/engine';

// The crash test of the test engine: the real server process is killed with SIGKILL in the middle
// of a mock exam and started again on the same embedded database; every answer it acknowledged is
// still there and the exam can be finished.

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
/** A port nothing listens on now, chosen by the system and kept for both starts of the server. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;

let dataDir: string | undefined;
let server: ChildProcess | undefined;

function startServer(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SERVER], {
    cwd: path.resolve(path.dirname(SERVER), '../../..'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ATTEMPT_SWEEP_INTERVAL_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ensaya is running')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

/** A minimal browser: cookies, the CSRF header on mutating requests. */
class Browser {
  private cookies = new Map<string, string>();

  async request(method: string, url: string, body?: unknown) {
    const headers: Record<string, string> = { 'x-localization': 'en' };
    if (method !== 'GET') {
      if (!this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/api/csrf-cookie');
      headers['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${BASE}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  }
}

afterAll(async () => {
  server?.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a server killed during an exam', () => {
  it('keeps every saved answer and lets the exam be finished after a restart', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ensaya-crash-'));
    server = await startServer(dataDir);
    const browser = new Browser();
    expect(
      (
        await browser.request('POST', '/api/login', {
          email: 'debug@ensaya.cl',
          password: 'Ensaya2026!',
        })
      ).status,
    ).toBe(200);
    const subjects = (await browser.request('GET', '/api/subjects')).json.data;
    const classB = subjects
      .flatMap((test: { subjects: Array<{ id: number; name: string }> }) => test.subjects)
      .find((subject: { name: string }) => subject.name === 'Examen teórico clase B');
    const started = await browser.request('POST', '/api/user-tests', {
      subject_id: classB.id,
      mode: 'mock_exam',
    });
    expect(started.status).toBe(201);
    const exam = started.json.data as Attempt;
    // Continued from the instructions: the clock runs and answers are taken.
    expect((await browser.request('POST', `/api/user-tests/${exam.id}/begin`)).status).toBe(200);

    // Answer 20 questions one request at a time, as the page does: the key on even positions.
    const answers = new Map<number, number[]>();
    for (const question of exam.questions.slice(0, 20)) {
      // Every key of the question (class B has multi-choice questions), or one wrong choice.
      const keys = question.choices.filter((choice) => choice.is_correct).map((c) => c.id);
      const wrong = question.choices.find((choice) => !choice.is_correct)!;
      const chosen = question.position % 2 === 0 ? keys : [wrong.id];
      const saved = await browser.request('POST', `/api/user-tests/${exam.id}/stems`, {
        stems: [
          {
            stem_id: question.stem_id,
            stem_choice_ids: chosen,
            is_marked: question.position === 3,
            seq: question.position,
          },
        ],
      });
      expect(saved.status).toBe(200);
      answers.set(question.stem_id, chosen);
    }

    server.kill('SIGKILL');
    await new Promise((resolve) => server!.once('exit', resolve));
    server = await startServer(dataDir);

    const resumed = (await browser.request('GET', `/api/user-tests/${exam.id}`)).json
      .data as Attempt;
    expect(resumed.status).toBe('in_progress');
    for (const question of resumed.questions) {
      const expected = answers.get(question.stem_id);
      expect(question.chosen_choice_ids).toEqual(expected ?? []);
    }
    expect(resumed.questions.find((question) => question.position === 3)!.is_marked).toBe(true);

    const result = await browser.request('POST', `/api/user-tests/${exam.id}/submit`);
    expect(result.status).toBe(200);
    expect(result.json.data).toMatchObject({
      total: 35,
      correct: 10,
      incorrect: 10,
      unanswered: 15,
    });
  }, 240_000);
});
