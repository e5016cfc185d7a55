import { describe, expect, it } from 'vitest';
import { inNextTask } from './next-task.ts';

describe('inNextTask', () => {
  it('runs the work after the current task and its promises, in the order it was posted', async () => {
    const ran: string[] = [];
    inNextTask(() => ran.push('first'));
    inNextTask(() => ran.push('second'));
    await Promise.resolve();
    ran.push('this task');
    expect(ran).toEqual(['this task']);

    await new Promise((resolve) => inNextTask(() => resolve(undefined)));
    expect(ran).toEqual(['this task', 'first', 'second']);
  });
});
