import { createCipheriv, createHmac } from 'node:crypto';
import type { DbOrTx } from '../../../db/client.ts';
import { ContentEntry, FragmentCache, buildContentBody } from '../../content/index.ts';

// A scheduled ensayo's form as its participants read it: the content body of its
// questions, the very JSON `GET /api/content/{key}` answers for a set of questions, built once per
// ensayo and content version and shared by every participant; sealed (AES-256-GCM under the
// ensayo's key) for the waiting room, plain for a device that opens the runner without a sealed
// copy. Built from the database only, so every instance makes the same bytes.

/** Bytes of per-question and per-context JSON kept for the forms being built. */
const FRAGMENT_CACHE_BYTES = 8 * 1024 * 1024;
/** Forms (and versions) kept in memory; a version replaced by an edit is dropped first. */
const MAX_FORMS = 16;

/** The form an ensayo's participant may read: its questions, key and IV seed. */
export type SealableExam = {
  id: number;
  stemIds: ReadonlyArray<number>;
  contentKey: string;
  contentIv: string;
};

type Built = { plain: ContentEntry; sealed: ContentEntry; version: string };

/** A content version as the contract names it (the largest content version among the questions). */
export const versionName = (contentVersion: number) => contentVersion.toString(36);

/**
 * The IV of one content version: derived from the ensayo's random IV and the version, so a form
 * edited after sealing is never encrypted twice under the same key and IV (which would break
 * AES-GCM), and every instance derives the same one.
 */
export function versionIv(contentIv: string, version: string): Buffer {
  return createHmac('sha256', Buffer.from(contentIv, 'base64'))
    .update(`scheduled-exam-iv\n${version}`)
    .digest()
    .subarray(0, 12);
}

/** AES-256-GCM, the 16-byte tag appended to the ciphertext (the layout WebCrypto reads). */
export function seal(plaintext: Buffer, key: string, iv: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'base64'), iv);
  return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

export class ScheduledContentCache {
  private readonly forms = new Map<string, Promise<Built>>();
  private readonly fragments = new FragmentCache(FRAGMENT_CACHE_BYTES);
  private readonly db: DbOrTx;

  constructor(db: DbOrTx) {
    this.db = db;
  }

  /**
   * The ensayo's form at `contentVersion` (as the participant's query read it): built on the first
   * request, shared by the ones in flight. An edit between that read and the build gives the newer
   * version, kept under its own name.
   */
  async get(exam: SealableExam, contentVersion: number): Promise<Built> {
    const name = `${exam.id}:${versionName(contentVersion)}`;
    const cached = this.forms.get(name);
    if (cached) return cached;
    const pending = this.build(exam);
    this.forms.set(name, pending);
    for (const oldest of this.forms.keys()) {
      if (this.forms.size <= MAX_FORMS) break;
      this.forms.delete(oldest);
    }
    try {
      const built = await pending;
      if (built.version !== versionName(contentVersion)) this.forms.delete(name);
      return built;
    } catch (error) {
      this.forms.delete(name);
      throw error;
    }
  }

  private async build(exam: SealableExam): Promise<Built> {
    const { body, version: contentVersion } = await buildContentBody(
      this.db,
      exam.stemIds,
      this.fragments,
    );
    const version = versionName(contentVersion);
    // `{"data":{...}}`: the plain body as the content route answers it, and, sealed, what is
    // inside `data` (`{ questions, contexts }`), which the page puts where the runner reads it.
    const inner = Buffer.from(body.slice('{"data":'.length, -1));
    const iv = versionIv(exam.contentIv, version);
    const sealed = JSON.stringify({
      data: {
        algorithm: 'AES-GCM',
        iv: iv.toString('base64'),
        ciphertext: seal(inner, exam.contentKey, iv).toString('base64'),
        version,
      },
    });
    return {
      version,
      // Shared by every participant: worth brotli's higher quality once.
      plain: new ContentEntry(Buffer.from(body), `"sp${exam.id}-${version}"`, true, 9),
      // Base64 of random bytes compresses little; quality 5 keeps the one-time cost small.
      sealed: new ContentEntry(Buffer.from(sealed), `"ss${exam.id}-${version}"`, true, 5),
    };
  }
}
