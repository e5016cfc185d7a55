import { HttpStatus } from '@ensaya/core/api/http';
import type {
  AnswerRecord,
  SaveAnswersConflict,
  SaveAnswersResponse,
} from '@ensaya/core/contracts/engine';
import { isApiRequestError } from '../../lib/api-client.ts';

/**
 * Answers on their way to the server (docs/architecture.md, "Nothing a student does is lost"). Each change is
 * one question's whole state with a client sequence number; the server keeps the newest per
 * question, so sending again, or out of order, is harmless. Until the server acknowledges a
 * record it stays here and in localStorage, so a crash, a reload or a lost connection loses
 * nothing: the next load re-applies it and sends it again.
 */

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'retrying' | 'failed';
export type RevealedSolution = SaveAnswersResponse['data']['revealed'][number];
/** A question revealed in study mode, with its final answer. */
export type LockedAnswer = NonNullable<SaveAnswersConflict['locked']>[number];
type SaveResult = SaveAnswersResponse['data'];

/** What a failed request means for the records it carried. */
export type SaveFailure = 'retry' | 'closed' | 'stop' | 'locked';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SaveQueueOptions {
  attemptId: number;
  send: (records: AnswerRecord[]) => Promise<SaveResult>;
  onStatus?: (status: SaveStatus) => void;
  onRevealed?: (revealed: RevealedSolution[]) => void;
  /**
   * Study mode: the server refused new choices for questions already revealed (another tab, or a
   * pick sent before the reveal came back). Their records are dropped; the rest is sent.
   */
  onLocked?: (locked: LockedAnswer[]) => void;
  /** The attempt takes no more answers (sent, or past its deadline). */
  onClosed?: (error: unknown) => void;
  classify?: (error: unknown) => SaveFailure;
  /** Defaults to localStorage; null keeps the queue in memory only. */
  storage?: KeyValueStorage | null;
  retryDelaysMs?: readonly number[];
}

/** The API takes at most this many records per request (core's SaveAnswersRequest). */
export const MAX_RECORDS_PER_REQUEST = 200;
const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000, 30_000] as const;

export function pendingAnswersKey(attemptId: number): string {
  return `ensaya.pendingAnswers.${attemptId}`;
}

function defaultStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isAnswerRecord(value: unknown): value is AnswerRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.stem_id === 'number' &&
    typeof record.seq === 'number' &&
    typeof record.is_marked === 'boolean' &&
    Array.isArray(record.stem_choice_ids) &&
    record.stem_choice_ids.every((id) => typeof id === 'number')
  );
}

/** The records a previous page of this attempt left unsent. */
export function readPendingAnswers(
  attemptId: number,
  storage: KeyValueStorage | null = defaultStorage(),
): AnswerRecord[] {
  const raw = storage?.getItem(pendingAnswersKey(attemptId));
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isAnswerRecord) : [];
  } catch {
    return [];
  }
}

export function clearPendingAnswers(
  attemptId: number,
  storage: KeyValueStorage | null = defaultStorage(),
): void {
  try {
    storage?.removeItem(pendingAnswersKey(attemptId));
  } catch {
    // Nothing to clear.
  }
}

/** The revealed questions a 409 names, when it is about them rather than the attempt. */
function lockedAnswersOf(error: unknown): LockedAnswer[] {
  if (!isApiRequestError(error) || error.status !== HttpStatus.conflict) return [];
  const locked = error.bodyField('locked');
  return Array.isArray(locked) ? (locked as LockedAnswer[]) : [];
}

/**
 * Network failures, server errors and throttling are retried; a 409 naming `locked` questions
 * drops their records; other 409s and 422 mean the attempt was sent or its time is up; anything
 * else (the session ended, access lost) stops until the next change or reconnection, keeping the
 * records.
 */
export function classifySaveError(error: unknown): SaveFailure {
  if (!isApiRequestError(error)) return 'retry';
  if (lockedAnswersOf(error).length > 0) return 'locked';
  if (error.status === HttpStatus.conflict || error.status === HttpStatus.unprocessable) {
    return 'closed';
  }
  if (error.status === 0 || error.status >= 500 || error.status === HttpStatus.tooManyRequests) {
    return 'retry';
  }
  return 'stop';
}

export class SaveQueue {
  private readonly pending = new Map<number, AnswerRecord>();
  private readonly storage: KeyValueStorage | null;
  private sending: Promise<boolean> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private status: SaveStatus = 'idle';
  private isClosed = false;
  private isDisposed = false;
  private lastSeq = 0;
  private readonly options: SaveQueueOptions;

  constructor(options: SaveQueueOptions) {
    this.options = options;
    this.storage = options.storage === undefined ? defaultStorage() : options.storage;
    for (const record of readPendingAnswers(options.attemptId, this.storage)) {
      this.pending.set(record.stem_id, record);
      this.observeSeq(record.seq);
    }
  }

  /** Records not yet acknowledged, oldest change first. */
  pendingRecords(): AnswerRecord[] {
    return [...this.pending.values()].sort((a, b) => a.seq - b.seq);
  }

  getStatus(): SaveStatus {
    return this.status;
  }

  /**
   * A sequence number above every one seen: the clock in milliseconds, so that it also grows
   * across reloads, and one more than the last when the clock has not moved or went back.
   */
  nextSeq(): number {
    this.lastSeq = Math.max(Date.now(), this.lastSeq + 1);
    return this.lastSeq;
  }

  observeSeq(seq: number): void {
    if (seq > this.lastSeq) this.lastSeq = seq;
  }

  /** Forgets the records the server already holds (its number for the question is not older). */
  discardAcknowledged(serverSeqs: ReadonlyMap<number, number>): void {
    for (const [stemId, seq] of serverSeqs) {
      this.observeSeq(seq);
      const record = this.pending.get(stemId);
      if (record && record.seq <= seq) this.pending.delete(stemId);
    }
    for (const stemId of this.pending.keys()) {
      if (!serverSeqs.has(stemId)) this.pending.delete(stemId);
    }
    this.persist();
  }

  /** Keeps a question's new state and sends it now. */
  enqueue(record: AnswerRecord): void {
    if (this.isClosed || this.isDisposed) return;
    const current = this.pending.get(record.stem_id);
    if (current && current.seq > record.seq) return;
    this.pending.set(record.stem_id, record);
    this.observeSeq(record.seq);
    this.persist();
    this.setStatus('saving');
    void this.flush();
  }

  /**
   * Sends everything pending, one request at a time, oldest first. Resolves true once nothing is
   * pending, false when a request failed (a retry is then scheduled when it makes sense).
   */
  async flush(): Promise<boolean> {
    while (this.pending.size > 0) {
      if (this.isClosed || this.isDisposed) return false;
      if (this.sending) {
        if (!(await this.sending)) return false;
        continue;
      }
      this.clearRetry();
      const batch = this.pendingRecords().slice(0, MAX_RECORDS_PER_REQUEST);
      this.sending = this.sendBatch(batch);
      let isSent: boolean;
      try {
        isSent = await this.sending;
      } finally {
        this.sending = null;
      }
      if (!isSent) return false;
    }
    return !this.isClosed;
  }

  /** Stops timers and callbacks; what is pending stays stored for the next page. */
  dispose(): void {
    this.isDisposed = true;
    this.clearRetry();
  }

  /** The attempt is over: nothing left to send. */
  clear(): void {
    this.pending.clear();
    this.clearRetry();
    clearPendingAnswers(this.options.attemptId, this.storage);
  }

  private async sendBatch(batch: AnswerRecord[]): Promise<boolean> {
    this.setStatus('saving');
    try {
      const result = await this.options.send(batch);
      for (const record of batch) {
        // A change made while this request was away has a higher number and stays pending.
        const current = this.pending.get(record.stem_id);
        if (current && current.seq <= record.seq) this.pending.delete(record.stem_id);
      }
      this.persist();
      this.failures = 0;
      if (result.revealed.length > 0 && !this.isDisposed) {
        this.options.onRevealed?.(result.revealed);
      }
      this.setStatus(this.pending.size > 0 ? 'saving' : 'saved');
      return true;
    } catch (error) {
      const failure = (this.options.classify ?? classifySaveError)(error);
      if (failure === 'locked') {
        // Nothing of the request was saved: drop what can never be, send the rest again.
        const locked = lockedAnswersOf(error);
        for (const answer of locked) this.pending.delete(answer.stem_id);
        this.persist();
        this.failures = 0;
        if (!this.isDisposed) this.options.onLocked?.(locked);
        this.setStatus(this.pending.size > 0 ? 'saving' : 'saved');
        return true;
      }
      if (failure === 'closed') {
        this.isClosed = true;
        this.clear();
        this.setStatus('idle');
        if (!this.isDisposed) this.options.onClosed?.(error);
        return false;
      }
      if (failure === 'stop') {
        this.setStatus('failed');
        return false;
      }
      this.failures += 1;
      this.setStatus('retrying');
      this.scheduleRetry();
      return false;
    }
  }

  private scheduleRetry(): void {
    if (this.isDisposed) return;
    this.clearRetry();
    const delays = this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    const delay = delays[Math.min(this.failures, delays.length) - 1] ?? 1000;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.flush();
    }, delay);
  }

  private clearRetry(): void {
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private persist(): void {
    // A disposed queue leaves storage to the page that replaced it.
    if (this.isDisposed) return;
    try {
      if (this.pending.size === 0)
        this.storage?.removeItem(pendingAnswersKey(this.options.attemptId));
      else {
        this.storage?.setItem(
          pendingAnswersKey(this.options.attemptId),
          JSON.stringify(this.pendingRecords()),
        );
      }
    } catch {
      // Storage full or disabled: the records still live in memory until sent.
    }
  }

  private setStatus(status: SaveStatus): void {
    if (status === this.status) return;
    this.status = status;
    if (!this.isDisposed) this.options.onStatus?.(status);
  }
}
