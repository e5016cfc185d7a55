import { randomUUID } from 'node:crypto';
import { addDays, TRIAL_NOTICE_DAYS } from '@ensaya/core/subscriptions/lifecycle';
import { formatClp } from '@ensaya/core/subscriptions/pricing';
import { isScheduledExamOver } from '@ensaya/core/engine/scheduled-exam';
import type { Db } from '../../../db/client.ts';
import {
  collectInvoice,
  dayMonthYear,
  invoiceFor,
  mailStudent,
  moveTo,
  type BillingDeps,
  subscriptionsRepo as subscriptions,
} from '../../sales/index.ts';
import { drainPopulationQueueFully, refreshItemStats } from '../../insights/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import {
  remindScheduledExam,
  unsentOf,
  scheduledExamsRepo as scheduledExams,
  closeScheduledExam,
} from '../../engine/index.ts';
import * as repo from './repo.ts';

type JobName =
  | 'trial-end'
  | 'renew'
  | 'expire'
  | 'retry-invoice'
  | 'trial-reminder'
  | 'scheduled-exam-reminder'
  | 'scheduled-exam-results';

/** A claimed job whose worker has not finished in this long is taken over by another. */
const LEASE_MS = 5 * 60_000;

/**
 * Enqueues what is due at `now`: ended trials and periods, paused periods that ended, trial
 * notices and invoice retries. Each job's unique_key names the subscription or invoice and the
 * moment, so scanning again (or from another instance) adds nothing twice.
 */
export async function scheduleDueJobs(db: Db, now: Date): Promise<number> {
  const rows: Array<{
    name: JobName;
    payload: Record<string, unknown>;
    runAt: Date;
    uniqueKey: string;
  }> = [];
  for (const row of await repo.findEndedSubscriptions(db, now)) {
    const end = row.end!.toISOString();
    const name: JobName =
      row.status === 'Trial' ? 'trial-end' : row.status === 'Active' ? 'renew' : 'expire';
    rows.push({
      name,
      payload: { subscription_id: row.id },
      runAt: now,
      uniqueKey: `${name}:${row.id}:${end}`,
    });
  }
  for (const row of await repo.findTrialsEndingBefore(db, now, addDays(now, TRIAL_NOTICE_DAYS))) {
    rows.push({
      name: 'trial-reminder',
      payload: { subscription_id: row.id },
      runAt: now,
      uniqueKey: `trial-reminder:${row.id}:${row.end!.toISOString()}`,
    });
  }
  for (const row of await repo.findDueInvoices(db, now)) {
    rows.push({
      name: 'retry-invoice',
      payload: { invoice_id: row.id, attempt_count: row.attemptCount },
      runAt: now,
      uniqueKey: `retry-invoice:${row.id}:${row.attemptCount}`,
    });
  }
  // Scheduled ensayos: the day-before reminder, and the cohort's figures once over (by
  // the clock, or early: everyone who joined has sent once joining closed).
  for (const exam of await scheduledExams.examsStartingBetween(db, now, addDays(now, 1))) {
    rows.push({
      name: 'scheduled-exam-reminder',
      payload: { scheduled_exam_id: exam.id },
      runAt: now,
      uniqueKey: `scheduled-exam-reminder:${exam.id}`,
    });
  }
  for (const exam of await scheduledExams.examsToClose(db, now)) {
    const isOver = isScheduledExamOver({
      now,
      timing: exam,
      hasResults: false,
      unsent: unsentOf(exam.unsent),
    });
    if (!isOver) continue;
    rows.push({
      name: 'scheduled-exam-results',
      payload: { scheduled_exam_id: exam.id },
      runAt: now,
      uniqueKey: `scheduled-exam-results:${exam.id}`,
    });
  }
  return repo.enqueue(db, rows);
}

/**
 * One job. Each handler locks the subscription row and checks that the work is still due, so a
 * job run twice (or two workers on the same subscription) does it once; charges carry an
 * idempotency key besides.
 */
export async function runJob(db: Db, deps: BillingDeps, job: repo.JobRow, now: Date) {
  const payload = job.payload as {
    subscription_id?: number;
    invoice_id?: number;
    attempt_count?: number;
    scheduled_exam_id?: number;
  };
  const scheduledExamId = payload.scheduled_exam_id;
  switch (job.name as JobName) {
    case 'trial-end':
    case 'renew':
      return db.transaction(async (tx) => {
        const row = await subscriptions.findSubscription(tx, payload.subscription_id!, {
          lock: true,
        });
        const end = row?.subscriptionEnd;
        if (!row || !end || end.getTime() > now.getTime()) return;
        // A trial its student canceled ends here, never charged (docs/architecture.md "A trial gives access").
        if (row.status === 'Trial' && !row.autoRenew) {
          await moveTo(tx, row, 'Canceled', { canceledAt: now });
          return;
        }
        const isDue = row.status === 'Trial' || (row.status === 'Active' && row.autoRenew);
        if (!isDue) return;
        const invoice = await invoiceFor(tx, row, end);
        await collectInvoice(tx, deps, row, invoice, now);
      });
    case 'expire':
      return db.transaction(async (tx) => {
        const row = await subscriptions.findSubscription(tx, payload.subscription_id!, {
          lock: true,
        });
        const end = row?.subscriptionEnd;
        if (row?.status !== 'Pause' || !end || end.getTime() > now.getTime()) return;
        await moveTo(tx, row, 'Canceled', { canceledAt: now });
      });
    case 'retry-invoice':
      return db.transaction(async (tx) => {
        const peek = await subscriptions.findInvoice(tx, payload.invoice_id!);
        if (!peek) return;
        // Subscription first, then invoice: the same order as the payment return, so no deadlock.
        const row = await subscriptions.findSubscription(tx, peek.userSubscriptionId, {
          lock: true,
        });
        const invoice = await subscriptions.findInvoice(tx, peek.id, true);
        const isDue =
          row &&
          invoice?.status === 'open' &&
          invoice.attemptCount === payload.attempt_count &&
          invoice.nextAttemptAt &&
          invoice.nextAttemptAt.getTime() <= now.getTime();
        if (!isDue) return;
        await collectInvoice(tx, deps, row, invoice, now);
      });
    case 'trial-reminder':
      return db.transaction(async (tx) => {
        const row = await subscriptions.findSubscription(tx, payload.subscription_id!);
        if (row?.status !== 'Trial' || !row.autoRenew) return;
        await mailStudent(tx, deps.appUrl, row, 'trial-ending', {
          date: dayMonthYear(row.subscriptionEnd),
          total: formatClp(row.total),
        });
      });
    case 'scheduled-exam-reminder':
      await remindScheduledExam(db, deps.appUrl, scheduledExamId!, now);
      return;
    case 'scheduled-exam-results':
      try {
        await closeScheduledExam(db, scheduledExamId!, now);
      } catch (error) {
        // A clock still runs (extra time granted after the join): the first student to ask for
        // the results computes them then.
        if (!(error instanceof AppError)) throw error;
      }
      return;
    default:
      throw new Error(`Unknown job ${job.name}`);
  }
}

export type RunSummary = { scheduled: number; ran: number; failed: number };

/**
 * Drains the population queue, schedules what is due and runs every due job this worker can claim.
 */
export async function runJobsOnce(
  db: Db,
  deps: BillingDeps,
  now: Date,
  options: { workerId?: string; log?: { error(obj: unknown, msg: string): void } } = {},
): Promise<RunSummary> {
  const workerId = options.workerId ?? randomUUID();
  // The safety net of the population queue: changes left by an instance that stopped before its
  // drain ran (another drain holding the lock has them in hand).
  try {
    await drainPopulationQueueFully(db, { wait: false });
  } catch (error) {
    options.log?.error({ err: error }, 'population drain failed');
  }
  // Item analysis: fold in the attempts submitted since the last run (a bounded batch).
  try {
    await refreshItemStats(db);
  } catch (error) {
    options.log?.error({ err: error }, 'item analysis refresh failed');
  }
  const summary: RunSummary = { scheduled: await scheduleDueJobs(db, now), ran: 0, failed: 0 };
  for (;;) {
    const claimed = await repo.claimDueJobs(
      db,
      now,
      workerId,
      new Date(now.getTime() - LEASE_MS),
      20,
    );
    if (claimed.length === 0) return summary;
    for (const job of claimed) {
      try {
        await runJob(db, deps, job, now);
        await repo.finishJob(db, job.id, now);
        summary.ran += 1;
      } catch (error) {
        options.log?.error({ err: error, job: job.id }, 'job failed');
        await repo.failJob(db, job, now, error instanceof Error ? error.message : String(error));
        summary.failed += 1;
      }
    }
  }
}

/** Runs the jobs every `intervalMs` on the clock; stop() waits for the run in flight. */
export function startJobRunner(options: {
  db: Db;
  deps: BillingDeps;
  now: () => Promise<Date>;
  intervalMs: number;
  log: { error(obj: unknown, msg: string): void };
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let isStopped = false;
  const tick = () => {
    running = (async () => {
      try {
        await runJobsOnce(options.db, options.deps, await options.now(), { log: options.log });
      } catch (error) {
        options.log.error({ err: error }, 'job runner failed');
      }
    })().finally(() => {
      if (!isStopped) timer = setTimeout(tick, options.intervalMs);
    });
  };
  timer = setTimeout(tick, options.intervalMs);
  return {
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
