import type { FeedbackRequest } from '@ensaya/core/contracts/subscriptions';
import type { Language } from '@ensaya/core/i18n/language';
import type { MessageKey } from '@ensaya/core/i18n/messages';
import {
  decideStudentStatusChange,
  type StudentStatusDecision,
  type StudentStatusRequest,
} from '@ensaya/core/subscriptions/student-transitions';
import { feedbackAnswerProblem } from '@ensaya/core/subscriptions/feedback';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, type Message } from '../../../lib/app-error.ts';
import { findFeedbackBuilder } from '../../platform/index.ts';
import { dayMonthYear, mailStudent, moveTo, type BillingDeps } from './billing.ts';
import { presentSubscription } from './present.ts';
import * as repo from './repo.ts';
import { ownSubscription } from './service.ts';

// The status changes a student asks for (renewal off and on, the cancel wizard with its feedback), decided by core's student table.

/**
 * A status change the student asked for, decided by core's student table (never the system's whole
 * table, which payments and jobs use). Refused: 422 naming both statuses, nothing changed.
 */
function studentDecision(
  subscription: repo.SubscriptionRow,
  to: StudentStatusRequest,
  now: Date,
): Exclude<StudentStatusDecision, { outcome: 'refused' }> {
  const decision = decideStudentStatusChange(subscription, to, now);
  if (decision.outcome !== 'refused') return decision;
  const message: Message =
    decision.reason === 'periodEnded'
      ? { key: 'subscriptions.periodEnded' }
      : {
          key: 'subscriptions.studentTransitionRefused',
          params: {
            from: { key: `subscriptions.statusName.${subscription.status}` },
            to: { key: `subscriptions.statusName.${to}` },
          },
        };
  throw new AppError(422, message.key, { params: message.params, fields: { status: [message] } });
}

/** Makes a student's status change on the locked row; the same status again changes nothing. */
async function studentMove(
  tx: DbOrTx,
  subscription: repo.SubscriptionRow,
  to: StudentStatusRequest,
  now: Date,
): Promise<{ row: repo.SubscriptionRow; isChanged: boolean }> {
  const decision = studentDecision(subscription, to, now);
  if (decision.outcome === 'unchanged') return { row: subscription, isChanged: false };
  const values = decision.autoRenew === undefined ? {} : { autoRenew: decision.autoRenew };
  return { row: await moveTo(tx, subscription, decision.to, values), isChanged: true };
}

/** `set-status-pending`: Created -> Pending, the student is on the way to the payment platform. */
export async function setStatusPending(db: Db, userId: number, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const subscription = await ownSubscription(tx, userId, id, true);
    const { row } = await studentMove(tx, subscription, 'Pending', now);
    return presentSubscription(tx, row, now);
  });
}

/**
 * The renewal toggle and the activate action: PAUSE turns renewal off (Active -> Pause, access
 * until the end), ACTIVE turns it back on (Pause -> Active) while the period has not ended.
 */
export async function setStatus(
  db: Db,
  deps: BillingDeps,
  userId: number,
  id: number,
  status: 'Active' | 'Pause',
  now: Date,
): Promise<{ subscription: Awaited<ReturnType<typeof presentSubscription>>; message: Message }> {
  return db.transaction(async (tx) => {
    const subscription = await ownSubscription(tx, userId, id, true);
    const { row, isChanged } = await studentMove(tx, subscription, status, now);
    const isTrial = row.status === 'Trial';
    if (isChanged) {
      await mailStudent(tx, deps.appUrl, row, renewalMail(status, isTrial), {
        date: dayMonthYear(row.subscriptionEnd),
      });
    }
    return {
      subscription: await presentSubscription(tx, row, now),
      message: renewalMessage(status, isTrial, row.subscriptionEnd),
    };
  });
}

function renewalMail(status: 'Active' | 'Pause', isTrial: boolean) {
  if (status === 'Active') return 'subscription-reactivated' as const;
  return isTrial ? ('trial-canceled' as const) : ('renewal-off' as const);
}

/** A trial's renewal is its first charge: turning it off cancels the trial (nothing is charged). */
function renewalMessage(status: 'Active' | 'Pause', isTrial: boolean, end: Date | null): Message {
  const date = { date: dayMonthYear(end) };
  if (isTrial) {
    return status === 'Active'
      ? { key: 'subscriptions.trialResumed', params: date }
      : { key: 'subscriptions.trialCanceled', params: date };
  }
  return status === 'Active'
    ? { key: 'subscriptions.renewalOn' }
    : { key: 'subscriptions.renewalOff', params: date };
}

/**
 * The cancel wizard's feedback (spec 000 sections 4 and 5): answers are checked against the
 * `feedback_builder` questions (required ones answered, radio answers among the options, a
 * textarea at most 500 characters), stored with the questions as asked, and the subscription goes
 * to Pause: renewal off, access until its end.
 */
export async function saveFeedback(
  db: Db,
  deps: BillingDeps,
  userId: number,
  body: FeedbackRequest,
  language: Language,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const subscription = await ownSubscription(tx, userId, body.id, true);
    // The cancel flow is the student's Active -> Pause (or a trial's cancel): refused before the
    // answers are read.
    studentDecision(subscription, 'Pause', now);
    const questions = await findFeedbackBuilder(tx);
    const errors: Record<string, MessageKey[] | Message[]> = {};
    const known = new Set(questions.map((question) => question.key));
    for (const key of Object.keys(body.feedback)) {
      if (!known.has(key)) errors[`feedback.${key}`] = ['subscriptions.feedbackUnknown'];
    }
    const answers = [];
    for (const question of questions) {
      const answer = (body.feedback[question.key] ?? '').trim();
      const problem = feedbackAnswerProblem(question, answer);
      if (problem) errors[`feedback.${question.key}`] = [problem];
      if (answer === '') continue;
      answers.push({
        key: question.key,
        field_type: question.field_type,
        question: question.question[language],
        answer,
      });
    }
    if (Object.keys(errors).length > 0)
      throw new AppError(422, 'error.validation', { fields: errors });
    const { row: paused, isChanged } = await studentMove(tx, subscription, 'Pause', now);
    // Sent again (a double click) on a paused subscription: the first answers stay, once.
    if (isChanged) {
      await repo.insertFeedback(tx, {
        userSubscriptionId: subscription.id,
        userId,
        answers,
        createdAt: now,
      });
      await mailStudent(tx, deps.appUrl, paused, renewalMail('Pause', paused.status === 'Trial'), {
        date: dayMonthYear(paused.subscriptionEnd),
      });
    }
    const date = { date: dayMonthYear(paused.subscriptionEnd) };
    return {
      subscription: await presentSubscription(tx, paused, now),
      message: (paused.status === 'Trial'
        ? { key: 'subscriptions.trialCanceled', params: date }
        : { key: 'subscriptions.feedbackSaved', params: date }) satisfies Message,
    };
  });
}

export async function feedbackBuilder(db: Db) {
  return findFeedbackBuilder(db);
}
