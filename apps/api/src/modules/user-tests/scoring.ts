import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userTests } from '../../db/schema/index.ts';
import { populationChanged } from '../statistics/population-queue.ts';
import { closeAttempt } from './submit.ts';

/** How many acknowledged submits one batch takes, and how many it scores at once. */
const BATCH = 200;
const CONCURRENCY = 4;

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
  const due = await db
    .select({ id: userTests.id, userId: userTests.userId })
    .from(userTests)
    .where(and(eq(userTests.status, 'in_progress'), isNotNull(userTests.submitRequestedAt)))
    .orderBy(asc(userTests.submitRequestedAt))
    .limit(batch);
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

/**
 * The instance's scorer: `kick()` after acknowledging a submit starts a drain on the next turn of
 * the event loop, so the submits that arrive together are scored together; a kick during a drain
 * asks for one more pass. The periodic sweeper also drains what another instance acknowledged and
 * did not score (it stopped). `stop` waits for the drain in flight.
 */
export function startSubmitScorer(options: { db: Db; log: FastifyBaseLogger }): {
  kick: () => void;
  drain: () => Promise<void>;
  stop: () => Promise<void>;
} {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const drainOnce = async () => {
    do {
      again = false;
      // Until a batch closes nothing: what is left failed, or another instance is scoring it.
      while (!stopped && (await scoreRequestedSubmits(options.db, options.log)) > 0);
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
    async stop() {
      stopped = true;
      await running;
    },
  };
}
