import { Redis } from 'ioredis';

/**
 * The Redis connection the API instances share counters through (rate limits, throttles). Short
 * timeouts: callers fail open, so an outage must answer quickly rather than hold requests.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false });
}
