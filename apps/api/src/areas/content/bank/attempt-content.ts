import { createHmac, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ContentQuestion } from '@ensaya/core/contracts/engine';
import type { DbOrTx } from '../../../db/client.ts';
import {
  listBankHeads,
  listChoiceTexts,
  listContextBodies,
  listHeads,
  listStatements,
} from './attempt-content-repo.ts';

// Question content served apart from the attempt (docs/architecture.md "Exam content is immutable
// and cacheable"). A running attempt names its questions' content by a key: the sorted stem ids and
// the largest content version among them (stems.content_version, raised by triggers on every edit,
// from one sequence, so any edit to a member raises the maximum). The body behind a name is built
// and compressed once and kept in a bounded in-process cache, shared by every student whose
// attempt holds the same questions, in whatever order.
//
// A mock exam draws its questions from one bank, so its students hold different sets and would
// each cost a body of their own. An attempt that holds at least a quarter of its subject's active
// bank is named instead by the whole bank (`_<subject>.<stem count>~<version>`): one body per
// subject and version, built and compressed once and shared by every student (the statements,
// choices and contexts of the active bank, never keys or solutions). Its version is the largest
// among all the subject's stems and the count is theirs, so an edit, an addition, a removal or a
// change of the active flag gives a new name; a name that is no longer current is refused (404)
// rather than answered with a bank it did not name.
//
// A key is not a bearer token: it also names the attempt it was issued for, its student
// and when it expires (`~<attempt>.<user>.<expiry>`), all under the signature. The route serves it
// only to that student, before it expires, while that attempt runs, has begun (timed attempts) and
// its subject is open to the student; see routes.ts.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const CONTENT_PATH = '/api/content/';
const SIGNATURE_LENGTH = 22; // 132 bits of the HMAC-SHA256, base64url

/** How long a content key lasts: this many hours at least, one more at most (see `contentGrant`). */
export const CONTENT_KEY_HOURS = 3;
const HOUR_SECONDS = 3600;

/** Whom a key was issued to: one attempt of one student, until `expiresAt` (Unix seconds). */
export type ContentGrant = { attemptId: number; userId: number; expiresAt: number };

/** What a key names: the body (`name`, shared by every holder) and the grant it carries. */
export type ContentRef = (
  | { kind: 'set'; stemIds: number[]; version: number }
  | { kind: 'bank'; subjectId: number; count: number; version: number }
) & { name: string; grant: ContentGrant };

/** A subject's bank as an attempt view reads it: its stems (all of them) and their largest version. */
export type BankState = { subjectId: number; count: number; activeCount: number; version: number };

/** Attempts holding at least this share of their subject's active bank are named by the bank. */
const BANK_SHARE = 0.25;

/**
 * The grant of a key issued now: the expiry is rounded up to the next whole hour past
 * `CONTENT_KEY_HOURS`, so reading the attempt again within the hour gives the same address (the
 * browser's cached body is used) and a key lives between 3 and 4 hours.
 */
export function contentGrant(attemptId: number, userId: number, now: Date): ContentGrant {
  const seconds = Math.floor(now.getTime() / 1000) + CONTENT_KEY_HOURS * HOUR_SECONDS;
  return { attemptId, userId, expiresAt: Math.ceil(seconds / HOUR_SECONDS) * HOUR_SECONDS };
}

/** Sorted ids as base-36 ranges: `1a-1f.2c.30-3k`. Banks drawn whole collapse to a few ranges. */
function encodeIds(sortedIds: ReadonlyArray<number>): string {
  const parts: string[] = [];
  for (let index = 0; index < sortedIds.length;) {
    let end = index;
    while (end + 1 < sortedIds.length && sortedIds[end + 1] === sortedIds[end]! + 1) end += 1;
    const first = sortedIds[index]!.toString(36);
    parts.push(end > index ? `${first}-${sortedIds[end]!.toString(36)}` : first);
    index = end + 1;
  }
  return parts.join('.');
}

function decodeIds(text: string): number[] | null {
  const ids: number[] = [];
  for (const part of text.split('.')) {
    const match = /^([0-9a-z]{1,10})(?:-([0-9a-z]{1,10}))?$/.exec(part);
    if (!match) return null;
    const first = parseInt(match[1]!, 36);
    const last = match[2] === undefined ? first : parseInt(match[2], 36);
    if (last < first || last - first > 100_000 || ids.length + last - first > 100_000) return null;
    for (let id = first; id <= last; id += 1) ids.push(id);
  }
  return ids;
}

function sign(appKey: string, payload: string): string {
  return createHmac('sha256', appKey)
    .update(`attempt-content\n${payload}`)
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);
}

/** The signed key of a set of stems at their current versions, for one attempt. */
export function contentKey(
  appKey: string,
  members: ReadonlyArray<{ id: number; version: number }>,
  grant: ContentGrant,
): string {
  const ids = [...new Set(members.map((member) => member.id))].sort((a, b) => a - b);
  const version = members.reduce((max, member) => Math.max(max, member.version), 0);
  return signed(appKey, `${encodeIds(ids)}~${version.toString(36)}`, grant);
}

/** The signed key of a subject's whole bank, for one attempt. */
export function bankContentKey(appKey: string, bank: BankState, grant: ContentGrant): string {
  const name = `_${bank.subjectId.toString(36)}.${bank.count.toString(36)}`;
  return signed(appKey, `${name}~${bank.version.toString(36)}`, grant);
}

/**
 * The key of a running attempt's content: its subject's bank when the attempt holds a large share
 * of it and every one of its stems is still active in it, else its own set of stems.
 */
export function attemptContentKey(
  appKey: string,
  grant: ContentGrant,
  members: ReadonlyArray<{ id: number; version: number; isActive: boolean }>,
  bank: BankState | null,
): string {
  const useBank =
    bank !== null &&
    bank.activeCount > 0 &&
    members.length >= bank.activeCount * BANK_SHARE &&
    members.every((member) => member.isActive && member.version <= bank.version);
  return useBank ? bankContentKey(appKey, bank, grant) : contentKey(appKey, members, grant);
}

function signed(appKey: string, name: string, grant: ContentGrant): string {
  const holder = [grant.attemptId, grant.userId, grant.expiresAt].map((n) => n.toString(36));
  const payload = `${name}~${holder.join('.')}`;
  return `${payload}~${sign(appKey, payload)}`;
}

const BASE36 = /^[0-9a-z]{1,12}$/;

/** What a key names and whom it was issued to, or null when it was not signed with this app key. */
export function parseContentKey(appKey: string, key: string): ContentRef | null {
  const cut = key.lastIndexOf('~');
  if (cut < 0) return null;
  const payload = key.slice(0, cut);
  const given = Buffer.from(key.slice(cut + 1));
  const expected = Buffer.from(sign(appKey, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const parts = payload.split('~');
  if (parts.length !== 3) return null;
  const [ids, version, holder] = parts as [string, string, string];
  const holderParts = holder.split('.');
  if (!BASE36.test(version) || holderParts.length !== 3) return null;
  if (!holderParts.every((part) => BASE36.test(part))) return null;
  const [attemptId, userId, expiresAt] = holderParts.map((part) => parseInt(part, 36));
  const grant = { attemptId: attemptId!, userId: userId!, expiresAt: expiresAt! };
  const name = `${ids}~${version}`;
  const bank = /^_([0-9a-z]{1,10})\.([0-9a-z]{1,10})$/.exec(ids);
  if (bank) {
    return {
      kind: 'bank',
      subjectId: parseInt(bank[1]!, 36),
      count: parseInt(bank[2]!, 36),
      version: parseInt(version, 36),
      name,
      grant,
    };
  }
  const stemIds = decodeIds(ids);
  if (!stemIds) return null;
  return { kind: 'set', stemIds, version: parseInt(version, 36), name, grant };
}

/**
 * The JSON of one question's or one context's content, by id and content version: what bodies are
 * assembled from. A mock exam's students mostly draw different sets from one bank, so whole bodies
 * are rarely shared; their questions are. Least recently used dropped first past `maxBytes`.
 */
export class FragmentCache {
  private readonly entries = new Map<string, string>();
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string): string | undefined {
    const json = this.entries.get(key);
    if (json !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, json);
    }
    return json;
  }

  set(key: string, json: string) {
    const previous = this.entries.get(key);
    if (previous !== undefined) this.bytes -= previous.length;
    this.entries.set(key, json);
    this.bytes += json.length;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes || oldest === key) break;
      this.entries.delete(oldest);
      this.bytes -= value.length;
    }
  }
}

/**
 * The body of `{ data: AttemptContent }` for the stems, as JSON text assembled from per-question and
 * per-context fragments: one indexed read of the stems' versions, and statements, choices and
 * contexts read only for fragments not cached yet. A context's fragment is keyed by the largest
 * version of the set's stems that show it (the triggers raise a stem's version when its context
 * changes). Returns the set's version (the largest), which the key must name to be current.
 */
export async function buildContentBody(
  db: DbOrTx,
  stemIds: ReadonlyArray<number>,
  fragments: FragmentCache,
): Promise<{ body: string; version: number }> {
  const ids = [...stemIds];
  const heads = ids.length === 0 ? [] : await listHeads(db, ids);
  return {
    body: await assembleBody(db, heads, fragments),
    version: heads.reduce((max, head) => Math.max(max, head.version), 0),
  };
}

/**
 * The body of a subject's whole active bank, with the bank's count and version (over all its stems,
 * active or not) that its key must name to be current.
 */
export async function buildBankBody(
  db: DbOrTx,
  subjectId: number,
  fragments: FragmentCache,
): Promise<{ body: string; count: number; version: number }> {
  const heads = await listBankHeads(db, subjectId);
  return {
    body: await assembleBody(
      db,
      heads.filter((head) => head.isActive),
      fragments,
    ),
    count: heads.length,
    version: heads.reduce((max, head) => Math.max(max, head.version), 0),
  };
}

type Head = { id: number; version: number; contextId: number | null };

async function assembleBody(
  db: DbOrTx,
  heads: ReadonlyArray<Head>,
  fragments: FragmentCache,
): Promise<string> {
  const questionKey = (head: Head) => `q${head.id}:${head.version}`;
  const contextVersions = new Map<number, number>();
  for (const head of heads) {
    if (head.contextId === null) continue;
    contextVersions.set(
      head.contextId,
      Math.max(contextVersions.get(head.contextId) ?? 0, head.version),
    );
  }
  const contextKey = (id: number) => `c${id}:${contextVersions.get(id)}`;

  // Fragments found now are kept here, so an eviction while this body is made loses nothing.
  const found = new Map<string, string>();
  const missingStems: number[] = [];
  for (const head of heads) {
    const json = fragments.get(questionKey(head));
    if (json === undefined) missingStems.push(head.id);
    else found.set(questionKey(head), json);
  }
  const missingContexts: number[] = [];
  for (const id of contextVersions.keys()) {
    const json = fragments.get(contextKey(id));
    if (json === undefined) missingContexts.push(id);
    else found.set(contextKey(id), json);
  }

  if (missingStems.length > 0) {
    const rows = await listStatements(db, missingStems);
    const choices = await listChoiceTexts(db, missingStems);
    const byStem = new Map<number, ContentQuestion['choices']>();
    for (const choice of choices) {
      const list = byStem.get(choice.stemId) ?? [];
      list.push({ id: choice.id, body_html: choice.bodyHtml });
      byStem.set(choice.stemId, list);
    }
    const headsById = new Map(heads.map((head) => [head.id, head]));
    for (const row of rows) {
      const head = headsById.get(row.id)!;
      const question: ContentQuestion = {
        stem_id: row.id,
        statement_html: row.statementHtml,
        url_source: row.urlSource,
        context_id: head.contextId,
        choices: byStem.get(row.id) ?? [],
      };
      const json = JSON.stringify(question);
      found.set(questionKey(head), json);
      fragments.set(questionKey(head), json);
    }
  }
  if (missingContexts.length > 0) {
    const rows = await listContextBodies(db, missingContexts);
    for (const row of rows) {
      const json = JSON.stringify(row);
      found.set(contextKey(row.id), json);
      fragments.set(contextKey(row.id), json);
    }
  }

  const questionsJson = heads.map((head) => found.get(questionKey(head))).filter(Boolean);
  const contextsJson = [...contextVersions.keys()]
    .sort((a, b) => a - b)
    .map((id) => found.get(contextKey(id)))
    .filter(Boolean);
  return `{"data":{"questions":[${questionsJson.join(',')}],"contexts":[${contextsJson.join(',')}]}}`;
}

/** Bodies built since the process started, every cache included (tests and benchmarks read it). */
export const contentBuilds = { count: 0 };

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** One body, kept as built and compressed (each encoding made the first time it is asked for). */
export class ContentEntry {
  readonly identity: Buffer;
  readonly etag: string;
  /**
   * False when the stems changed after the key was issued: the body is the current content, sent
   * once without being kept or cached (a reload of the attempt gets the new key).
   */
  readonly current: boolean;
  private readonly encoded = new Map<ContentEncoding, Promise<Buffer>>();
  size: number;

  /** Brotli quality: a body shared by many (a whole bank) is worth more time than one student's set. */
  private readonly brotliQuality: number;

  constructor(identity: Buffer, etag: string, current = true, brotliQuality = 5) {
    this.identity = identity;
    this.etag = etag;
    this.current = current;
    this.size = identity.length;
    this.brotliQuality = brotliQuality;
  }

  body(encoding: ContentEncoding, onGrow: (bytes: number) => void): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(this.identity);
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotli(this.identity, {
              params: {
                // Quality 5 for sets: most are one student's own draw, so a burst of starts
                // compresses many distinct bodies. Measured on a 170 KB exam: quality 9 takes
                // about 4x the time of 5 for 1 % fewer bytes.
                [constants.BROTLI_PARAM_QUALITY]: this.brotliQuality,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
              },
            })
          : gzipAsync(this.identity, { level: 6 });
      this.encoded.set(encoding, body);
      void body.then(
        (buffer) => {
          this.size += buffer.length;
          onGrow(buffer.length);
        },
        () => this.encoded.delete(encoding),
      );
    }
    return body;
  }
}

/**
 * The content cache: bodies by key, least recently used dropped first once their bytes (identity
 * and compressed) pass `maxBytes`. Concurrent first requests for a key share one build.
 */
export class ContentCache {
  private readonly entries = new Map<string, Promise<ContentEntry>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get totalBytes() {
    return this.bytes;
  }

  async get(key: string, build: () => Promise<ContentEntry | null>): Promise<ContentEntry | null> {
    const cached = this.entries.get(key);
    if (cached) {
      // Most recently used: move to the end of the map's order.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    contentBuilds.count += 1;
    const pending = build().then((entry) => {
      if (!entry || !entry.current) {
        if (this.entries.get(key) === pending) this.entries.delete(key);
        return entry;
      }
      if (this.entries.get(key) === pending) this.grow(key, entry.size);
      return entry;
    });
    this.entries.set(key, pending as Promise<ContentEntry>);
    try {
      return await pending;
    } catch (error) {
      this.entries.delete(key);
      throw error;
    }
  }

  /** A cached entry's compressed copy was added. */
  grow(key: string, bytes: number) {
    if (!this.entries.has(key)) return;
    this.sizes.set(key, (this.sizes.get(key) ?? 0) + bytes);
    this.bytes += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes || oldest === key) break;
      this.entries.delete(oldest);
      this.bytes -= this.sizes.get(oldest) ?? 0;
      this.sizes.delete(oldest);
    }
  }
}

/** The best encoding the `Accept-Encoding` header allows: brotli, then gzip, else none. */
export function pickEncoding(header: string | undefined): ContentEncoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)).find(Boolean);
    accepted.set(name!.trim(), q ? Number(q[1]) : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}
