import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from './access.ts';
import { canTransition } from './lifecycle.ts';
import {
  decideStudentStatusChange,
  STUDENT_TRANSITIONS,
  type StudentStatusRequest,
} from './student-transitions.ts';

const now = new Date('2026-03-10T12:00:00Z');
const lasting = new Date('2026-03-20T12:00:00Z');
const ended = new Date('2026-03-09T12:00:00Z');
const REQUESTS: StudentStatusRequest[] = ['Active', 'Pause', 'Pending'];

describe('the students’ transitions', () => {
  it('are exactly the spec’s: Created -> Pending, Active -> Pause, Pause -> Active', () => {
    const pairs = SUBSCRIPTION_STATUSES.flatMap((from) =>
      STUDENT_TRANSITIONS[from].map((to) => `${from} -> ${to}`),
    );
    expect(pairs.sort()).toEqual(['Active -> Pause', 'Created -> Pending', 'Pause -> Active']);
  });

  it('are a part of the system’s table', () => {
    for (const from of SUBSCRIPTION_STATUSES)
      for (const to of STUDENT_TRANSITIONS[from]) expect(canTransition(from, to)).toBe(true);
  });
});

describe('decideStudentStatusChange', () => {
  // Every status x every request, with a period that lasts: the whole expected grid.
  const expected: Record<SubscriptionStatus, Record<StudentStatusRequest, string>> = {
    Created: { Active: 'refused', Pause: 'refused', Pending: 'change' },
    Pending: { Active: 'refused', Pause: 'refused', Pending: 'unchanged' },
    Trial: { Active: 'unchanged', Pause: 'change', Pending: 'refused' },
    Active: { Active: 'unchanged', Pause: 'change', Pending: 'refused' },
    Pause: { Active: 'change', Pause: 'unchanged', Pending: 'refused' },
    Pending_payment: { Active: 'refused', Pause: 'refused', Pending: 'refused' },
    Canceled: { Active: 'refused', Pause: 'refused', Pending: 'refused' },
  };

  it.each(SUBSCRIPTION_STATUSES.flatMap((from) => REQUESTS.map((to) => [from, to] as const)))(
    '%s -> %s',
    (from, to) => {
      const decision = decideStudentStatusChange(
        { status: from, subscriptionEnd: lasting },
        to,
        now,
      );
      expect(decision.outcome).toBe(expected[from][to]);
    },
  );

  it('turns renewal off on Pause and on on Active, and leaves it alone on Pending', () => {
    const status = (from: SubscriptionStatus, to: StudentStatusRequest) =>
      decideStudentStatusChange({ status: from, subscriptionEnd: lasting }, to, now);
    expect(status('Active', 'Pause')).toEqual({ outcome: 'change', to: 'Pause', autoRenew: false });
    expect(status('Pause', 'Active')).toEqual({ outcome: 'change', to: 'Active', autoRenew: true });
    expect(status('Created', 'Pending')).toEqual({ outcome: 'change', to: 'Pending' });
  });

  it('activates a paused subscription only while its period lasts', () => {
    const decide = (subscriptionEnd: Date | null) =>
      decideStudentStatusChange({ status: 'Pause', subscriptionEnd }, 'Active', now);
    expect(decide(ended)).toEqual({ outcome: 'refused', reason: 'periodEnded' });
    expect(decide(null)).toEqual({ outcome: 'refused', reason: 'periodEnded' });
    expect(decide(now).outcome).toBe('change');
  });

  it('lets a trial be canceled (no charge at its end) and resumed while it lasts', () => {
    const decide = (autoRenew: boolean, to: StudentStatusRequest, end: Date | null = lasting) =>
      decideStudentStatusChange({ status: 'Trial', subscriptionEnd: end, autoRenew }, to, now);
    expect(decide(true, 'Pause')).toEqual({ outcome: 'change', to: 'Trial', autoRenew: false });
    expect(decide(false, 'Pause')).toEqual({ outcome: 'unchanged' });
    expect(decide(false, 'Active')).toEqual({ outcome: 'change', to: 'Trial', autoRenew: true });
    expect(decide(true, 'Active')).toEqual({ outcome: 'unchanged' });
    expect(decide(false, 'Active', ended)).toEqual({ outcome: 'refused', reason: 'periodEnded' });
    expect(decide(true, 'Pause', ended).outcome).toBe('refused');
  });

  it('always lets an Active subscription stop renewing, even past its end', () => {
    expect(
      decideStudentStatusChange({ status: 'Active', subscriptionEnd: ended }, 'Pause', now).outcome,
    ).toBe('change');
  });

  it('never lets a student reach a status the student table does not give', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SUBSCRIPTION_STATUSES),
        fc.constantFrom(...REQUESTS),
        fc.option(fc.date({ noInvalidDate: true })),
        (from, to, subscriptionEnd) => {
          const decision = decideStudentStatusChange({ status: from, subscriptionEnd }, to, now);
          // A trial only turns its renewal off and on: its status never changes.
          if (from === 'Trial' && decision.outcome !== 'refused') {
            if (decision.outcome === 'change') expect(decision.to).toBe('Trial');
            return;
          }
          if (decision.outcome === 'change') expect(STUDENT_TRANSITIONS[from]).toContain(to);
          if (decision.outcome === 'unchanged') expect(from).toBe(to);
        },
      ),
    );
  });
});
