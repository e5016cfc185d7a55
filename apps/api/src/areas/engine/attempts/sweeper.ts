import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { scoreRequestedSubmits } from './scoring.ts';
import { sweepDueAttempts } from './submit.ts';

/**
 * Every `intervalMs`, sends the attempts whose deadline has passed or whose page was closed longer
 * than the grace period ago, and scores the acknowledged submits no instance scored (the one that
 * acknowledged them stopped). A failed round is logged and the next one tries again; `stop` waits
 * for the round in flight so shutdown never cuts a submit in half.
 */
export function startAttemptSweeper(options: {
  db: Db;
  intervalMs: number;
  graceSeconds: number;
  log: FastifyBaseLogger;
}): { stop: () => Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  const round = async () => {
    try {
      const sent = await sweepDueAttempts(options.db, new Date(), options.graceSeconds);
      if (sent > 0) options.log.info({ sent }, 'attempts sent by the server');
      while ((await scoreRequestedSubmits(options.db, options.log)) > 0);
    } catch (error) {
      options.log.error({ err: error }, 'attempt sweep failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round().finally(schedule);
    }, options.intervalMs);
    timer.unref();
  };
  running = round().finally(schedule);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
