import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import * as repo from './repo.ts';

const BATCH_SIZE = 20;
/** A claimed mail comes back to the queue after this long if its sender never reports. */
const LEASE_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 6;

/** 30 s, 1 min, 2 min, 4 min, 8 min between attempts (at most an hour). */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

export type MailDispatcher = {
  /** Sends what is due now; returns how many mails it tried. */
  runOnce(): Promise<number>;
  /** Stops polling, waits for a send in progress and closes the SMTP connection. */
  stop(): Promise<void>;
};

/**
 * Delivers the outbox over SMTP: polls every `intervalMs`, claims due rows with
 * `FOR UPDATE SKIP LOCKED` (several instances never send a mail twice), marks each sent, or
 * schedules a retry with backoff, or marks it failed after MAX_ATTEMPTS.
 */
export function startMailDispatcher(options: {
  db: Db;
  smtpUrl: string;
  from: string;
  intervalMs: number;
  log: FastifyBaseLogger;
}): MailDispatcher {
  const { db, log } = options;
  const transport = nodemailer.createTransport(options.smtpUrl);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function runOnce(): Promise<number> {
    const now = new Date();
    const batch = await repo.claimDueMail(db, now, new Date(now.getTime() + LEASE_MS), BATCH_SIZE);
    for (const mail of batch) {
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.toAddress,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: { 'Content-Language': mail.locale },
        });
        await repo.markSent(db, mail.id, new Date());
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (mail.attempts >= MAX_ATTEMPTS) {
          log.error({ err: error, mailId: mail.id }, 'mail failed for good');
          await repo.markFailed(db, mail.id, message);
        } else {
          log.warn(
            { err: error, mailId: mail.id, attempts: mail.attempts },
            'mail failed; retrying',
          );
          await repo.markRetry(
            db,
            mail.id,
            new Date(Date.now() + retryDelayMs(mail.attempts)),
            message,
          );
        }
      }
    }
    return batch.length;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch((error: unknown) => {
          log.error({ err: error }, 'mail dispatcher run failed');
          return 0;
        })
        .finally(schedule);
    }, options.intervalMs);
  }
  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
