import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../areas/platform/index.ts';
import type { Gateways } from '../areas/sales/index.ts';
import type { SessionCache } from './session-cache.ts';
import type { CounterStore } from './throttle.ts';

/** What buildApp hands every module plugin. */
export type ModuleOptions = {
  db: Db;
  config: Config;
  /** The key that signs e-mail verification links (APP_KEY, or the one kept in `settings`). */
  appKey: string;
  /** Throttle counters: in memory, or in Redis shared by every instance. */
  counters: CounterStore;
  /** Sessions kept in memory: whoever ends sessions or changes a user's rights drops them here. */
  sessionCache: SessionCache;
  /** The time subscriptions, payments and jobs go by (movable with DEV_CLOCK, never in production). */
  clock: Clock;
  /** The payment gateways the configuration allows, built once. */
  gateways: Gateways;
};
