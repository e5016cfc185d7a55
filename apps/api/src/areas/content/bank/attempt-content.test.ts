import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptContent, AttemptState } from '@ensaya/core/contracts/engine';
import { withContent } from '@ensaya/core/engine/attempt-content';
import { contexts, stemChoices, stems, userSubscriptions } from '../../../db/schema/index.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createAdmin, createStudent, TEST_PASSWORD } from '../../../test/factories.ts';
import {
  bankContentKey,
  buildContentBody,
  CONTENT_KEY_HOURS,
  CONTENT_PATH,
  contentBuilds,
  contentGrant,
  contentKey,
  FragmentCache,
  parseContentKey,
  pickEncoding,
  type ContentGrant,
} from './attempt-content.ts';

let t: TestApp;
let bank: TestBank;
/** A bank of 30 where a mock exam draws 6: under a quarter, so attempts are named by their set. */
let wideBank: TestBank;
let admin: TestClient;

// `<name>~<version>~<attempt>.<user>.<expiry>~<signature>`.
const BANK_URL =
  /^\/api\/content\/_[0-9a-z]+\.[0-9a-z]+~[0-9a-z]+~[0-9a-z]+\.[0-9a-z]+\.[0-9a-z]+~[\w-]{22}$/;
const SET_URL = /^\/api\/content\/[0-9a-z.-]+~[0-9a-z]+~[0-9a-z]+\.[0-9a-z]+\.[0-9a-z]+~[\w-]{22}$/;
/** The app's key, known here to forge keys a student could not. */
const APP_KEY = 'attempt-content-test-key-'.padEnd(40, 'x');

/** What a URL names (its body), without whom it was issued to. */
const nameOf = (url: string | null) => url?.split('~').slice(0, 2).join('~');

/** The key of `url` with another grant, signed as the server would. */
function resigned(url: string, grant: ContentGrant): string {
  const ref = parseContentKey(APP_KEY, url.slice(CONTENT_PATH.length))!;
  expect(ref.kind).toBe('bank');
  if (ref.kind !== 'bank') throw new Error('a bank key');
  const bankState = { ...ref, activeCount: ref.count };
  return `${CONTENT_PATH}${bankContentKey(APP_KEY, bankState, grant)}`;
}

beforeAll(async () => {
  t = await buildTestApp({ appKey: APP_KEY });
  // Small themes: every mock exam takes the whole bank, so attempts are named by the bank.
  bank = await createBank(t.db, { weights: [50, 50], perTheme: 3, questionCount: 6 });
  wideBank = await createBank(t.db, { weights: [50, 50], perTheme: 15, questionCount: 6 });
  admin = new TestClient(t.app);
  await admin.login((await createAdmin(t.db)).email, TEST_PASSWORD);
});
afterAll(() => t.close());

async function student(options: { debug?: boolean; access?: boolean } = {}) {
  const user = await createStudent(t.db, { permissions: options.debug ? ['debug'] : [] });
  if (options.access !== false) {
    await grantAccess(t.db, user.id, bank.subject.id);
    await grantAccess(t.db, user.id, wideBank.subject.id);
  }
  const client = new TestClient(t.app);
  await client.login(user.email, TEST_PASSWORD);
  return Object.assign(client, { userId: user.id });
}

/** A mock exam (timed), begun: its `content_url` is the begin's. */
async function startExam(client: TestClient, subject = bank): Promise<AttemptState> {
  const started = await startTimed(client, subject);
  const begun = await client.post(`/api/user-tests/${started.id}/begin`);
  expect(begun.statusCode, begun.body).toBe(200);
  return { ...started, content_url: begun.json().data.content_url };
}

/** A mock exam, not begun yet (the instructions). */
async function startTimed(client: TestClient, subject = bank): Promise<AttemptState> {
  const response = await client.post('/api/user-tests', {
    subject_id: subject.subject.id,
    mode: 'mock_exam',
    replace_in_progress: true,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const reread = async (client: TestClient, attempt: AttemptState) =>
  (await client.get(`/api/user-tests/${attempt.id}`)).json().data as AttemptState;

describe('question content apart from the attempt', () => {
  it('starts and reads a running attempt without any HTML or key, naming its content once begun', async () => {
    const client = await student();
    const timed = await startTimed(client);
    const beforeBegin = await reread(client, timed);
    // A timed attempt's questions are not readable during the instructions.
    expect(timed.content_url).toBeNull();
    expect(beforeBegin.content_url).toBeNull();
    const started = await startExam(client);
    const read = await reread(client, started);
    for (const attempt of [beforeBegin, started, read]) {
      expect(JSON.stringify(attempt)).not.toMatch(/_html|<p|katex|is_correct|correct_choice/);
      expect(attempt.questions).toHaveLength(6);
      expect(attempt.questions[0]!.choices[0]).toEqual({ id: expect.any(Number), label: 'A' });
    }
    for (const attempt of [started, read]) expect(attempt.content_url).toMatch(BANK_URL);
    expect(nameOf(read.content_url)).toBe(nameOf(started.content_url));
  });

  it('serves the statements, choices and contexts, without keys or solutions, immutable', async () => {
    const client = await student();
    const attempt = await startExam(client);
    const response = await client.get(attempt.content_url!);
    expect(response.statusCode).toBe(200);
    // Cached by the browser only while the key lasts (3 to 4 hours).
    const maxAge = Number(
      /^private, max-age=(\d+), immutable$/.exec(response.headers['cache-control'] as string)?.[1],
    );
    expect(maxAge).toBeGreaterThan((CONTENT_KEY_HOURS - 0.5) * 3600);
    expect(maxAge).toBeLessThanOrEqual((CONTENT_KEY_HOURS + 1) * 3600);
    expect(response.headers.etag).toMatch(/^"[^"]+"$/);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const content = response.json().data as AttemptContent;
    expect(content.questions.map((question) => question.stem_id).sort()).toEqual(
      attempt.questions.map((question) => question.stem_id).sort(),
    );
    expect(content.contexts).toHaveLength(1);
    expect(response.body).not.toMatch(/is_correct|solution|correct_choice/);

    // Merged, it is what the attempt answer used to carry: every choice has its text.
    const view = withContent(attempt, content);
    const first = view.questions[0]!;
    const own = content.questions.find((question) => question.stem_id === first.stem_id)!;
    expect(first.statement_html).toBe(own.statement_html);
    expect(first.choices.map((choice) => choice.body_html).sort()).toEqual(
      own.choices.map((choice) => choice.body_html).sort(),
    );
    expect(view.questions.filter((question) => question.context !== null).length).toBeGreaterThan(
      0,
    );

    const again = await client.get(attempt.content_url!, {
      headers: { 'if-none-match': response.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('builds the bank once for every student, each with a key of their own, brotli or gzip as asked', async () => {
    const [one, two] = [await student(), await student()];
    const first = await startExam(one);
    const second = await startExam(two);
    // Each student's key is theirs; the body behind both is one.
    expect(second.content_url).not.toBe(first.content_url);
    const before = contentBuilds.count;
    const br = await one.get(first.content_url!, { headers: { 'accept-encoding': 'gzip, br' } });
    const gz = await two.get(second.content_url!, { headers: { 'accept-encoding': 'gzip' } });
    const plain = await two.get(second.content_url!, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(contentBuilds.count - before).toBeLessThanOrEqual(1);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    // A key works only for the student it was issued to.
    expect((await one.get(second.content_url!)).statusCode).toBe(404);
  });

  it('refuses a tampered key (404, localized) and a signed-out caller (401)', async () => {
    const client = await student();
    const attempt = await startExam(client);
    const url = attempt.content_url!;
    // Another subject with the same signature.
    const tampered = url.replace(/\/api\/content\/_([0-9a-z]+)/, (_, first: string) => {
      return `/api/content/_${(parseInt(first, 36) + 1).toString(36)}`;
    });
    const refused = await client.get(tampered, { headers: { 'x-localization': 'es' } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('No encontrado.');
    expect((await client.get(`${url.slice(0, -3)}abc`)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(url)).statusCode).toBe(401);
  });

  it('names a new bank once an admin edits a statement, a choice or a context, or retires a question', async () => {
    const client = await student();
    const attempt = await startExam(client);
    const stemId = attempt.questions[0]!.stem_id;
    const edited = await admin.request({
      method: 'PATCH',
      url: `/api/admin/questions/${stemId}`,
      payload: { statement: '<p>Enunciado corregido</p>' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const afterStem = await reread(client, attempt);
    expect(nameOf(afterStem.content_url)).not.toBe(nameOf(attempt.content_url));
    const content = (await client.get(afterStem.content_url!)).json().data as AttemptContent;
    expect(content.questions.find((q) => q.stem_id === stemId)!.statement_html).toContain(
      'Enunciado corregido',
    );

    await t.db
      .update(stemChoices)
      .set({ bodyHtml: 'otra' })
      .where(eq(stemChoices.id, afterStem.questions[1]!.choices[0]!.id));
    const afterChoice = await reread(client, attempt);
    expect(nameOf(afterChoice.content_url)).not.toBe(nameOf(afterStem.content_url));

    const contextId = content.contexts[0]!.id;
    await t.db
      .update(contexts)
      .set({ bodyHtml: '<p>Otro texto</p>' })
      .where(eq(contexts.id, contextId));
    const afterContext = await reread(client, attempt);
    expect(nameOf(afterContext.content_url)).not.toBe(nameOf(afterChoice.content_url));
    expect(afterContext.content_url).toMatch(BANK_URL);

    // A key already served keeps its content (immutable); one issued before an edit and never
    // served is refused: the attempt, read again, names the current bank.
    const served = await client.get(afterStem.content_url!);
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    expect(served.body).toContain('Enunciado corregido');
    expect(served.body).not.toContain('Otro texto');
    expect((await client.get(afterChoice.content_url!)).statusCode).toBe(404);
    const current = await client.get(afterContext.content_url!);
    expect(current.statusCode).toBe(200);
    expect(current.body).toContain('Otro texto');

    // A question of the attempt taken out of the bank: the attempt is named by its own set, which
    // still holds it.
    await t.db.update(stems).set({ isActive: false }).where(eq(stems.id, stemId));
    const retired = await reread(client, attempt);
    expect(retired.content_url).toMatch(SET_URL);
    const own = (await client.get(retired.content_url!)).json().data as AttemptContent;
    expect(own.questions.map((q) => q.stem_id)).toContain(stemId);
    await t.db.update(stems).set({ isActive: true }).where(eq(stems.id, stemId));
  });

  it('keeps keys for a debug user and study mode reveals in the attempt answer', async () => {
    const client = await student({ debug: true });
    const attempt = await startExam(client);
    expect(attempt.questions[0]!.choices.some((choice) => choice.is_correct)).toBe(true);
    expect(attempt.questions[0]!.choices[0]).not.toHaveProperty('body_html');
  });

  it('sends a sent attempt whole, with no content url', async () => {
    const client = await student();
    const attempt = await startExam(client);
    await client.post(`/api/user-tests/${attempt.id}/submit`, {});
    const sent = (await client.get(`/api/user-tests/${attempt.id}`)).json().data as AttemptState;
    expect(sent.content_url).toBeNull();
    expect(sent.questions[0]!.statement_html).toBeTruthy();
    expect(sent.questions[0]!.choices[0]!.body_html).toBeTruthy();
    expect(sent.questions[0]!.solution_html).toBeDefined();
  });
});

describe('content of an attempt that holds a small part of the bank', () => {
  it('is named by its own set: one key per set, a stale key answered once with the current text', async () => {
    const client = await student();
    const attempt = await startExam(client, wideBank);
    expect(attempt.content_url).toMatch(SET_URL);
    const content = (await client.get(attempt.content_url!)).json().data as AttemptContent;
    expect(content.questions.map((q) => q.stem_id).sort()).toEqual(
      attempt.questions.map((q) => q.stem_id).sort(),
    );
    // Only its student may read it (another with the same questions has a key of their own), and
    // a tampered one is refused.
    expect((await (await student()).get(attempt.content_url!)).statusCode).toBe(404);
    const tampered = attempt.content_url!.replace(
      /\/api\/content\/([0-9a-z]+)/,
      (_, first: string) => {
        return `/api/content/${(parseInt(first, 36) + 1).toString(36)}`;
      },
    );
    expect((await client.get(tampered)).statusCode).toBe(404);

    // Issued, never served, then edited: answered with the current text, not kept.
    const again = await startExam(client, wideBank);
    await t.db
      .update(stemChoices)
      .set({ bodyHtml: '<p>Cambiada</p>' })
      .where(eq(stemChoices.id, again.questions[0]!.choices[0]!.id));
    const old = await client.get(again.content_url!);
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe('private, no-store');
    expect(old.body).toContain('Cambiada');
    expect(nameOf((await reread(client, again)).content_url)).not.toBe(nameOf(again.content_url));
  });
});

describe('who may read a content key', () => {
  /** A practice test of 3 questions of the wide bank: untimed, named by its own set at once. */
  async function startPractice(client: TestClient): Promise<AttemptState> {
    const response = await client.post('/api/user-tests', {
      subject_id: wideBank.subject.id,
      mode: 'practice',
      selection: { value: 2, limit: 3 },
      random_question: false,
      random_answer: false,
      study_mode: false,
      replace_in_progress: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  it("refuses another student's key to a student without a subscription (404, localized)", async () => {
    const owner = await student();
    const practice = await startPractice(owner);
    expect(practice.content_url).toMatch(SET_URL);
    expect((await owner.get(practice.content_url!)).statusCode).toBe(200);
    const outsider = await student({ access: false });
    const refused = await outsider.get(practice.content_url!, {
      headers: { 'x-localization': 'en' },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Not found.');
    expect(refused.body).not.toMatch(/statement_html|body_html/);
  });

  it('refuses keys issued before the subscription was canceled, though the body is cached', async () => {
    const client = await student();
    const exam = await startExam(client);
    const practice = await startPractice(client);
    // Another student reads the same bank: its body is in the cache, ready to be served.
    const other = await student();
    expect((await other.get((await startExam(other)).content_url!)).statusCode).toBe(200);
    await t.db
      .update(userSubscriptions)
      .set({ status: 'Canceled' })
      .where(eq(userSubscriptions.userId, client.userId));
    for (const url of [exam.content_url!, practice.content_url!]) {
      const refused = await client.get(url, { headers: { 'x-localization': 'es' } });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toMatch(/^Necesitas una suscripción activa/);
      expect(refused.body).not.toMatch(/statement_html|body_html/);
    }
  });

  it('refuses an expired key (410, localized); the attempt read again names a fresh one', async () => {
    const client = await student();
    const exam = await startExam(client);
    const { grant } = parseContentKey(APP_KEY, exam.content_url!.slice(CONTENT_PATH.length))!;
    expect(grant).toEqual({
      attemptId: exam.id,
      userId: client.userId,
      expiresAt: expect.any(Number),
    });
    const expired = resigned(exam.content_url!, {
      ...grant,
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    const refused = await client.get(expired, { headers: { 'x-localization': 'en' } });
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toMatch(/^The link to these questions has expired/);
    const fresh = await reread(client, exam);
    expect((await client.get(fresh.content_url!)).statusCode).toBe(200);
  });

  it('refuses a key to an attempt that has not begun, and to a sent one', async () => {
    const client = await student();
    const first = await startExam(client);
    // A new exam replaces the first (sent): the first's key no longer reads. (Read once before,
    // it would for SESSION_CACHE_SECONDS: the session remembers the check.)
    const second = await startTimed(client);
    expect(second.content_url).toBeNull();
    expect((await client.get(first.content_url!)).statusCode).toBe(404);
    // The bank body is the same, but a key naming the attempt in its instructions is refused.
    const early = resigned(first.content_url!, {
      attemptId: second.id,
      userId: client.userId,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    const refused = await client.get(early, { headers: { 'x-localization': 'es' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Esta prueba aún no comienza/);
    const begun = await client.post(`/api/user-tests/${second.id}/begin`);
    expect(begun.json().data.content_url).toMatch(BANK_URL);
    expect((await client.get(begun.json().data.content_url)).statusCode).toBe(200);
  });
});

describe('content keys', () => {
  it('round-trips sorted ids as ranges and the grant, and refuses another app key', () => {
    const grant = { attemptId: 1000, userId: 12, expiresAt: 1_800_000_000 };
    const key = contentKey(
      'k'.repeat(32),
      [
        { id: 7, version: 3 },
        { id: 5, version: 9 },
        { id: 6, version: 1 },
        { id: 40, version: 2 },
      ],
      grant,
    );
    expect(key.startsWith('5-7.14~9~rs.c.tro8w0~')).toBe(true);
    expect(parseContentKey('k'.repeat(32), key)).toEqual({
      kind: 'set',
      stemIds: [5, 6, 7, 40],
      version: 9,
      name: '5-7.14~9',
      grant,
    });
    const bankKey = bankContentKey(
      'k'.repeat(32),
      { subjectId: 3, count: 210, activeCount: 200, version: 77 },
      grant,
    );
    expect(bankKey.startsWith('_3.5u~25~rs.c.tro8w0~')).toBe(true);
    expect(parseContentKey('k'.repeat(32), bankKey)).toEqual({
      kind: 'bank',
      subjectId: 3,
      count: 210,
      version: 77,
      name: '_3.5u~25',
      grant,
    });
    expect(parseContentKey('x'.repeat(32), key)).toBeNull();
    // Another grant under the same signature (another attempt, student or expiry) is refused.
    expect(parseContentKey('k'.repeat(32), key.replace('~rs.c.', '~rt.c.'))).toBeNull();
    expect(parseContentKey('k'.repeat(32), key.replace('.tro8w0~', '.tro8w1~'))).toBeNull();
  });

  it('expires 3 to 4 hours after it is issued, on a whole hour', () => {
    const at = new Date('2026-03-04T10:20:00Z');
    const { expiresAt } = contentGrant(1, 2, at);
    expect(expiresAt % 3600).toBe(0);
    expect(expiresAt * 1000 - at.getTime()).toBeGreaterThanOrEqual(CONTENT_KEY_HOURS * 3_600_000);
    expect(expiresAt * 1000 - at.getTime()).toBeLessThanOrEqual(
      (CONTENT_KEY_HOURS + 1) * 3_600_000,
    );
    // Read again within the hour, an attempt names the same address (the browser's copy serves).
    expect(contentGrant(1, 2, new Date('2026-03-04T10:59:59Z')).expiresAt).toBe(expiresAt);
  });

  it('picks the encoding the request accepts', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});

describe('content bodies assembled from cached fragments', () => {
  it('shares questions between overlapping sets and follows every edit', async () => {
    const fragments = new FragmentCache(1024 * 1024);
    const ids = bank.bank.map((stem) => stem.id);
    const first = await buildContentBody(t.db, ids.slice(0, 4), fragments);
    const overlapping = await buildContentBody(t.db, ids.slice(2), fragments);
    const parsedFirst = JSON.parse(first.body).data as AttemptContent;
    const parsedOverlap = JSON.parse(overlapping.body).data as AttemptContent;
    expect(parsedFirst.questions.map((q) => q.stem_id)).toEqual(ids.slice(0, 4));
    expect(parsedOverlap.questions.map((q) => q.stem_id)).toEqual(ids.slice(2));
    // The shared questions are the same JSON, whichever set made them first.
    expect(parsedOverlap.questions.slice(0, 2)).toEqual(parsedFirst.questions.slice(2, 4));
    const contextIds = parsedFirst.questions.map((q) => q.context_id).filter((id) => id !== null);
    expect(parsedFirst.contexts.map((c) => c.id)).toEqual(
      [...new Set(contextIds)].sort((a, b) => a! - b!),
    );

    // An edit raises the stem's version: the next body has the new text, not the cached one.
    const edited = bank.bank[2]!;
    await t.db
      .update(stemChoices)
      .set({ bodyHtml: '<p>Nueva alternativa</p>' })
      .where(eq(stemChoices.id, edited.wrongId));
    const again = await buildContentBody(t.db, ids.slice(0, 4), fragments);
    expect(again.version).toBeGreaterThan(first.version);
    expect(again.body).toContain('Nueva alternativa');
    // So does a change to a context, through the versions of the stems that show it.
    const withContext = parsedFirst.questions.find((q) => q.context_id !== null);
    if (withContext) {
      await t.db
        .update(contexts)
        .set({ bodyHtml: '<p>Texto renovado</p>' })
        .where(eq(contexts.id, withContext.context_id!));
      expect((await buildContentBody(t.db, ids.slice(0, 4), fragments)).body).toContain(
        'Texto renovado',
      );
    }
  });

  it('drops the least recently used fragments past its size', () => {
    const cache = new FragmentCache(10);
    cache.set('a', '12345');
    cache.set('b', '12345');
    expect(cache.get('a')).toBe('12345');
    cache.set('c', '12345');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('12345');
    expect(cache.get('c')).toBe('12345');
  });
});
