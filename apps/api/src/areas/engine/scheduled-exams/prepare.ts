import type { FastifyBaseLogger } from 'fastify';
import { PREPARE_AHEAD_SECONDS } from '@ensaya/core/engine/scheduled-exam';
import type { Db, DbOrTx } from '../../../db/client.ts';
import * as repo from './repo.ts';

// The attempts of a scheduled ensayo are made before its start, in batches, so that the start
// itself writes nothing: at the start every participant asks only for the key (one read).

/** A batch bounds a statement's rows: 500 attempts and their 500 × 65 questions. */
export const PREPARE_BATCH = 500;
/** How often each instance looks for ensayos to prepare. */
export const PREPARE_INTERVAL_MS = 5_000;

/**
 * Makes the attempts of joined students without one, for the ensayos starting within the next
 * two minutes (or started and still running: late joins are prepared at once, this catches any
 * left), `batchSize` students per statement. Several instances may run it at once: a batch skips
 * the students another holds, and the unique index leaves one attempt each. Returns how many
 * attempts it made.
 */
export async function prepareScheduledAttempts(
  db: Db,
  now: Date,
  batchSize = PREPARE_BATCH,
): Promise<number> {
  let created = 0;
  for (const exam of await repo.examsToPrepare(db, now, PREPARE_AHEAD_SECONDS * 1000)) {
    let longest = exam.longestExtraTimePercent;
    // Bounded: a batch that selects fewer than it may take was the last one.
    for (let round = 0; round < 10_000; round += 1) {
      const batch = await repo.prepareAttempts(db, exam.id, now, { limit: batchSize });
      created += batch.created;
      if (batch.longestExtra > longest) {
        // Extra time granted after the join: the ensayo's end covers this clock too.
        await repo.raiseLongestExtraTime(db, exam.id, batch.longestExtra);
        longest = batch.longestExtra;
      }
      if (batch.selected < batchSize) break;
    }
  }
  return created;
}

/** One joined student's attempt, now (a late join, or a key asked before the batch came). */
export async function prepareOneAttempt(
  db: DbOrTx,
  exam: { id: number; longestExtraTimePercent: number },
  userId: number,
  now: Date,
): Promise<void> {
  const prepared = await repo.prepareAttempts(db, exam.id, now, { limit: 1, userId });
  if (prepared.longestExtra > exam.longestExtraTimePercent) {
    await repo.raiseLongestExtraTime(db, exam.id, prepared.longestExtra);
  }
}

/**
 * Runs the preparation every `intervalMs` (unref'd: it never keeps the process alive). A failed
 * round is logged and the next one tries again; `stop` waits for the round in flight.
 */
export function startScheduledExamPreparer(options: {
  db: Db;
  intervalMs?: number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}): { stop: () => Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const round = async () => {
    try {
      const created = await prepareScheduledAttempts(options.db, new Date());
      if (created > 0) options.log.info({ created }, 'scheduled ensayo attempts prepared');
    } catch (error) {
      options.log.error({ err: error }, 'scheduled ensayo preparation failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round().finally(schedule);
    }, options.intervalMs ?? PREPARE_INTERVAL_MS);
    timer.unref();
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
