import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { populationChanged } from '../../insights/index.ts';
import { listRequestedSubmits } from './scoring-repo.ts';
import { closeAttempt } from './submit.ts';

/** How many acknowledged submits one batch takes, and how many it scores at once. */
const BATCH = 50;
const CONCURRENCY = 6;

/**
 * Scores a batch of acknowledged submits (`requestSubmit`), oldest first: each attempt in its own
 * transaction by the same `closeAttempt` a synchronous submit runs (so a batch gives exactly the
 * synchronous result), a few at once, and the shared population rows once for the whole batch
 * instead of once per attempt. An attempt that fails is logged and left for the next batch.
 * Several instances may score at once: `closeAttempt` locks the attempt and closes it once.
 * Returns how many attempts this call closed.
 */
export async function scoreRequestedSubmits(
  db: Db,
  log?: FastifyBaseLogger,
  batch = BATCH,
): Promise<number> {
  const due = await listRequestedSubmits(db, batch);
  let closed = 0;
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const attempt = due[next++]!;
      try {
        // The time given is not used: an acknowledged submit ended when it was asked for.
        if (await closeAttempt(db, attempt.userId, attempt.id, new Date())) closed += 1;
      } catch (error) {
        log?.error({ err: error, userTestId: attempt.id }, 'scoring an acknowledged submit failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker));
  if (closed > 0) await populationChanged(db);
  return closed;
}

/** Bounds of the wait a client is told before reading a result being scored again. */
const RETRY_AFTER_MIN_S = 1;
const RETRY_AFTER_MAX_S = 30;
/** The rate assumed before this instance has scored a batch (attempts a second). */
const ASSUMED_RATE = 25;

/**
 * When a page whose submit has `ahead` others before it in the queue should read its result
 * again, at `rate` attempts scored a second (0: not measured yet), in whole seconds, 1 to 30.
 */
export function retryAfterSeconds(ahead: number, rate: number): number {
  const seconds = Math.ceil((ahead + 1) / (rate || ASSUMED_RATE));
  return Math.min(RETRY_AFTER_MAX_S, Math.max(RETRY_AFTER_MIN_S, seconds));
}

/**
 * The instance's scorer: `kick()` after acknowledging a submit starts a drain on the next turn of
 * the event loop, so the submits that arrive together are scored together; a kick during a drain
 * asks for one more pass. The periodic sweeper also drains what another instance acknowledged and
 * did not score (it stopped). `stop` waits for the drain in flight.
 *
 * `retryAfterSeconds(ahead)` tells a client when to read its result again: the time the
 * submits ahead of it in the queue take at the rate the last batches were scored, between 1 and
 * 30 s. Three thousand pages reading every second would cost the server about as much as scoring
 * them.
 */
export function startSubmitScorer(options: { db: Db; log: FastifyBaseLogger }): {
  kick: () => void;
  drain: () => Promise<void>;
  retryAfterSeconds: (ahead: number) => number;
  stop: () => Promise<void>;
} {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  /** Attempts scored per second by this instance, smoothed over the last batches. */
  let rate = 0;

  const drainOnce = async () => {
    do {
      again = false;
      // Until a batch closes nothing: what is left failed, or another instance is scoring it.
      for (;;) {
        if (stopped) break;
        const began = performance.now();
        const closed = await scoreRequestedSubmits(options.db, options.log);
        if (closed === 0) break;
        const batchRate = closed / Math.max(0.001, (performance.now() - began) / 1000);
        rate = rate === 0 ? batchRate : 0.5 * rate + 0.5 * batchRate;
      }
    } while (again && !stopped);
  };
  const drain = () => {
    if (running) {
      again = true;
      return running;
    }
    running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(drainOnce)
      .catch((error: unknown) => options.log.error({ err: error }, 'scoring drain failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    kick: () => {
      if (!stopped) void drain();
    },
    drain,
    retryAfterSeconds: (ahead) => retryAfterSeconds(ahead, rate),
    async stop() {
      stopped = true;
      await running;
    },
  };
}
