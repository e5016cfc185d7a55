import type { Db } from '../../../db/client.ts';
import { readClockOffset } from './repo.ts';

/**
 * The time subscriptions, payments and jobs go by. In production it is the system clock; with
 * DEV_CLOCK (never in production) an offset kept in `settings` moves it for every instance, so an
 * end-to-end test can reach a trial's end without waiting days.
 */
export type Clock = { now(): Promise<Date> };

export function createClock(db: Db, isMovable: boolean): Clock {
  if (!isMovable) return { now: async () => new Date() };
  return { now: async () => new Date(Date.now() + (await readClockOffset(db))) };
}
