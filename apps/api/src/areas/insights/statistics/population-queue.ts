import type { Db, DbOrTx } from '../../../db/client.ts';
import { drainPopulationQueue, hasQueued } from './population-queue-repo.ts';

// The rows every student shares (`subject_population_stats`, `theme_population_stats`,
// `stem_stats`) are not written by the submit that changes them: when a classroom sends the same
// exam at once, every submit would wait on the same row locks in turn. A submit (or a
// delete) appends its changes to `population_queue` in its own transaction, and a drain folds a
// batch of queued changes into the shared rows with one statement, removing them in the same
// transaction: a change is either queued or applied, never both, so a crash loses nothing and a
// drain run twice adds nothing twice. Drains take an advisory lock, so one runs at a time and the
// shared rows have a single writer. Reads of the populations lag by at most the drain's delay.

/** Drains until the queue is empty (or, without `wait`, until another drain holds the lock). */
export async function drainPopulationQueueFully(
  db: DbOrTx,
  options: { wait?: boolean } = {},
): Promise<number> {
  let total = 0;
  for (;;) {
    const drained = await drainPopulationQueue(db, options);
    if (!drained) return total;
    total += drained;
  }
}

type Scheduler = { request(): void; stop(): Promise<void> };
const schedulers = new WeakMap<object, Scheduler>();

/**
 * Drains `db`'s queue `delayMs` after a change is queued (many changes in that time share one
 * drain), instead of at once in the changing request. A drain that finds the lock taken tries
 * again after the delay; a failed one is logged and retried. `stop` drains what is left.
 * Without a scheduler (delay 0, scripts, the seed) the change is drained before the call returns.
 */
export function startPopulationDrain(options: {
  db: Db;
  delayMs: number;
  log: { error(obj: unknown, msg: string): void };
}): { stop(): Promise<void> } {
  const { db, delayMs, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isStopped = false;
  const run = async () => {
    timer = undefined;
    try {
      // Until empty, so that changes queued during a drain are not left for the next request.
      await drainPopulationQueueFully(db, { wait: false });
      // Left by a drain that found the lock taken, or queued during this one.
      if (await hasQueued(db)) schedule();
    } catch (error) {
      log.error({ err: error }, 'population drain failed');
      schedule();
    }
  };
  const schedule = () => {
    if (isStopped || timer) return;
    timer = setTimeout(() => {
      running = run();
    }, delayMs);
    timer.unref();
  };
  const scheduler: Scheduler = {
    request: schedule,
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
      await drainPopulationQueueFully(db).catch((error: unknown) =>
        log.error({ err: error }, 'population drain failed'),
      );
    },
  };
  if (delayMs > 0) {
    schedulers.set(db, scheduler);
    // What an instance that stopped before its drain left queued.
    schedule();
  }
  return {
    async stop() {
      if (schedulers.get(db) === scheduler) schedulers.delete(db);
      if (delayMs > 0) await scheduler.stop();
    },
  };
}

/**
 * Called after a transaction that queued a change has committed: schedules the drain, or drains
 * now where no scheduler runs.
 */
export async function populationChanged(db: DbOrTx): Promise<void> {
  const scheduler = schedulers.get(db);
  if (scheduler) {
    scheduler.request();
    return;
  }
  await drainPopulationQueueFully(db);
}
