import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@ensaya/core/api/error';
import {
  DevClockRequest,
  DevClockResponse,
  DevJobsResponse,
} from '@ensaya/core/contracts/subscriptions';
import type { ModuleOptions } from '../../../lib/module-options.ts';
import { readClockOffset, saveClockOffset } from '../../platform/index.ts';
import { runJobsOnce, startJobRunner } from './run-jobs.ts';

/**
 * The job runner (trial ends, renewals, retries, notices) on every instance, and, with DEV_CLOCK
 * (never in production), the movable clock and a run-now call for end-to-end tests.
 */
export const jobRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, config, clock, gateways },
) => {
  const deps = { gateways, appUrl: config.appUrl };

  if (config.jobsIntervalMs > 0) {
    let runner: { stop(): Promise<void> } | undefined;
    app.addHook('onReady', async () => {
      runner = startJobRunner({
        db,
        deps,
        now: () => clock.now(),
        intervalMs: config.jobsIntervalMs,
        log: app.log,
      });
    });
    app.addHook('onClose', async () => runner?.stop());
  }

  // Dev tools do not exist where they are off (always in production): an unknown path, 404.
  if (!config.devClock) return;
  const dev = { access: 'dev' } as const;

  app.get(
    '/api/dev/clock',
    {
      config: dev,
      schema: {
        hide: true,
        response: { 200: DevClockResponse, 401: ApiError, 403: ApiError },
      },
    },
    async () => {
      return {
        data: { now: (await clock.now()).toISOString(), offset_ms: await readClockOffset(db) },
      };
    },
  );

  app.post(
    '/api/dev/clock',
    {
      config: dev,
      schema: {
        hide: true,
        body: DevClockRequest,
        response: {
          200: DevClockResponse,
          401: ApiError,
          403: ApiError,
          419: ApiError,
          422: ApiError,
        },
      },
    },
    async (request) => {
      const { advance_days = 0, advance_seconds = 0, reset } = request.body;
      const offset = reset
        ? 0
        : (await readClockOffset(db)) +
          Math.round(advance_days * 86_400_000) +
          advance_seconds * 1000;
      await saveClockOffset(db, offset);
      return { data: { now: (await clock.now()).toISOString(), offset_ms: offset } };
    },
  );

  app.post(
    '/api/dev/jobs/run',
    {
      config: dev,
      schema: {
        hide: true,
        response: { 200: DevJobsResponse, 401: ApiError, 403: ApiError, 419: ApiError },
      },
    },
    async () => {
      return { data: await runJobsOnce(db, deps, await clock.now(), { log: app.log }) };
    },
  );
};
