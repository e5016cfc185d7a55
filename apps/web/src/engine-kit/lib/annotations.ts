import { HttpStatus } from '@ensaya/core/api/http';
import type { Annotations, SaveAnnotationsRequest } from '@ensaya/core/contracts/annotations';
import { toggleRange, type TextRange } from '@ensaya/core/engine/annotations';
import { isApiRequestError } from '../../lib/api-client.ts';

/**
 * The paper tools of a running attempt: choices crossed out per question and
 * passages highlighted per reading context. Held as maps while the student works, sent whole.
 */
export interface AnnotationState {
  /** stem id → crossed-out choice ids. */
  strikes: ReadonlyMap<number, readonly number[]>;
  /** context id → highlighted ranges, merged and sorted. */
  highlights: ReadonlyMap<number, readonly TextRange[]>;
}

export const NO_ANNOTATIONS: AnnotationState = { strikes: new Map(), highlights: new Map() };
const NONE: readonly never[] = [];

export function annotationStateOf(data: Annotations | undefined | null): AnnotationState {
  if (!data) return NO_ANNOTATIONS;
  return {
    strikes: new Map(data.strikes.map((item) => [item.stem_id, item.choice_ids])),
    highlights: new Map(data.highlights.map((item) => [item.context_id, item.ranges])),
  };
}

export function strikesOf(state: AnnotationState, stemId: number): readonly number[] {
  return state.strikes.get(stemId) ?? NONE;
}

export function highlightsOf(state: AnnotationState, contextId: number): readonly TextRange[] {
  return state.highlights.get(contextId) ?? NONE;
}

/** Crosses a choice out, or back in. Never touches the answer. */
export function toggleStrike(
  state: AnnotationState,
  stemId: number,
  choiceId: number,
): AnnotationState {
  const current = strikesOf(state, stemId);
  const next = current.includes(choiceId)
    ? current.filter((id) => id !== choiceId)
    : [...current, choiceId];
  const strikes = new Map(state.strikes);
  if (next.length === 0) strikes.delete(stemId);
  else strikes.set(stemId, next);
  return { ...state, strikes };
}

/** Highlights a passage, or removes the highlight of one wholly highlighted already. */
export function toggleHighlight(
  state: AnnotationState,
  contextId: number,
  range: TextRange,
): AnnotationState {
  return withRanges(state, contextId, toggleRange(highlightsOf(state, contextId), range));
}

export function clearHighlights(state: AnnotationState, contextId: number): AnnotationState {
  return withRanges(state, contextId, []);
}

function withRanges(
  state: AnnotationState,
  contextId: number,
  ranges: TextRange[],
): AnnotationState {
  const highlights = new Map(state.highlights);
  if (ranges.length === 0) highlights.delete(contextId);
  else highlights.set(contextId, ranges);
  return { ...state, highlights };
}

export function toRequest(state: AnnotationState, seq: number): SaveAnnotationsRequest {
  return {
    seq,
    strikes: [...state.strikes].map(([stemId, choiceIds]) => ({
      stem_id: stemId,
      choice_ids: [...choiceIds],
    })),
    highlights: [...state.highlights].map(([contextId, ranges]) => ({
      context_id: contextId,
      ranges: ranges.map(({ start, end }) => ({ start, end })),
    })),
  };
}

export interface AnnotationSaverOptions {
  send: (body: SaveAnnotationsRequest) => Promise<unknown>;
  /** The attempt takes no more (sent, past its deadline): nothing more is sent. */
  onClosed?: () => void;
  /** A refusal that is not the attempt closing (shown to the student). */
  onError?: (error: unknown) => void;
  retryDelaysMs?: readonly number[];
}

const RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

/**
 * Sends the latest whole state, one request at a time: a change made while a request is out is
 * sent after it (only the newest; the ones in between are superseded). Each request carries a
 * fresh, increasing `seq`, so a retry or a late arrival is harmless (the server keeps the newest).
 * A network failure is retried a few times; a refusal stops.
 */
export class AnnotationSaver {
  private lastSeq = 0;
  private pending: AnnotationState | null = null;
  private running: Promise<void> | null = null;
  private isClosed = false;
  private readonly options: AnnotationSaverOptions;

  constructor(options: AnnotationSaverOptions) {
    this.options = options;
  }

  observeSeq(seq: number) {
    if (seq > this.lastSeq) this.lastSeq = seq;
  }

  private nextSeq(): number {
    this.lastSeq = Math.max(Date.now(), this.lastSeq + 1);
    return this.lastSeq;
  }

  save(state: AnnotationState) {
    if (this.isClosed) return;
    this.pending = state;
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once everything given so far was sent (or given up). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
  }

  close() {
    this.isClosed = true;
    this.pending = null;
  }

  /** Takes changes again (a page mounted again; the server still refuses a closed attempt). */
  open() {
    this.isClosed = false;
  }

  private async run() {
    const delays = this.options.retryDelaysMs ?? RETRY_DELAYS_MS;
    let attempt = 0;
    while (this.pending && !this.isClosed) {
      const state = this.pending;
      this.pending = null;
      try {
        await this.options.send(toRequest(state, this.nextSeq()));
        attempt = 0;
      } catch (error) {
        const status = isApiRequestError(error) ? error.status : 0;
        if (status === HttpStatus.conflict || status === HttpStatus.notFound) {
          this.close();
          this.options.onClosed?.();
          return;
        }
        if (status !== 0 && status < 500) {
          this.options.onError?.(error);
          return;
        }
        const delay = delays[attempt];
        if (delay === undefined) {
          this.options.onError?.(error);
          return;
        }
        attempt += 1;
        // Unless a newer state came meanwhile, this one goes again.
        this.pending ??= state;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}
