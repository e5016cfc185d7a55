import type { AnswerRecord, SaveAnswersResponse } from '@ensaya/core/contracts/engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api-client.ts';
import { pendingAnswersKey, readPendingAnswers, SaveQueue, type SaveStatus } from './save-queue.ts';

type Result = SaveAnswersResponse['data'];
const ok = (records: AnswerRecord[]): Result => ({
  saved: records.map((r) => ({ stem_id: r.stem_id, seq: r.seq, applied: true })),
  revealed: [],
});
const record = (stemId: number, seq: number, choiceIds: number[] = [1], isMarked = false) => ({
  stem_id: stemId,
  stem_choice_ids: choiceIds,
  is_marked: isMarked,
  seq,
});
const stored = () => readPendingAnswers(9).map((r) => [r.stem_id, r.seq]);

describe('answer save queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps each change in localStorage until the server acknowledges it', async () => {
    let answer: (value: Result) => void = () => undefined;
    const sent: AnswerRecord[][] = [];
    const queue = new SaveQueue({
      attemptId: 9,
      send: (records) => {
        sent.push(records);
        return new Promise<Result>((resolve) => (answer = resolve));
      },
    });

    queue.enqueue(record(101, 5));
    expect(stored()).toEqual([[101, 5]]);
    expect(sent).toEqual([[record(101, 5)]]);

    answer(ok(sent[0]!));
    await vi.waitFor(() => expect(localStorage.getItem(pendingAnswersKey(9))).toBeNull());
    expect(queue.getStatus()).toBe('saved');
  });

  it('retries after a failure with growing delays, then sends what is pending, oldest first', async () => {
    const statuses: SaveStatus[] = [];
    const sent: AnswerRecord[][] = [];
    let isOnline = false;
    const queue = new SaveQueue({
      attemptId: 9,
      retryDelaysMs: [1000, 4000],
      onStatus: (status) => statuses.push(status),
      send: async (records) => {
        sent.push(records);
        if (!isOnline) throw new ApiRequestError(0, 'offline');
        return ok(records);
      },
    });

    queue.enqueue(record(102, 20));
    await vi.advanceTimersByTimeAsync(0);
    queue.enqueue(record(101, 21, [1], true));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
    expect(queue.getStatus()).toBe('retrying');
    expect(stored()).toEqual([
      [102, 20],
      [101, 21],
    ]);

    // The first retry (1 s after the second failure: its delay grew to 4 s) is not due yet.
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent).toHaveLength(2);
    isOnline = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(3);
    expect(sent[2]!.map((r) => r.seq)).toEqual([20, 21]);
    expect(queue.getStatus()).toBe('saved');
    expect(stored()).toEqual([]);
    expect(statuses).toEqual(['saving', 'retrying', 'saving', 'retrying', 'saving', 'saved']);
  });

  it('sends one request at a time and keeps a change made while a request was away', async () => {
    const answers: Array<(value: Result) => void> = [];
    const sent: AnswerRecord[][] = [];
    const queue = new SaveQueue({
      attemptId: 9,
      send: (records) => {
        sent.push(records);
        return new Promise<Result>((resolve) => answers.push(resolve));
      },
    });

    queue.enqueue(record(101, 1, [1]));
    queue.enqueue(record(101, 2, [2]));
    expect(sent).toHaveLength(1);

    answers[0]!(ok(sent[0]!));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual([record(101, 2, [2])]);
    expect(stored()).toEqual([[101, 2]]);

    answers[1]!(ok(sent[1]!));
    await vi.waitFor(() => expect(stored()).toEqual([]));
  });

  it('starts from what a previous page left, without what the server already applied', async () => {
    localStorage.setItem(
      pendingAnswersKey(9),
      JSON.stringify([record(101, 10), record(102, 30), record(999, 40)]),
    );
    const sent: AnswerRecord[][] = [];
    const queue = new SaveQueue({
      attemptId: 9,
      send: async (records) => {
        sent.push(records);
        return ok(records);
      },
    });

    queue.discardAcknowledged(
      new Map([
        [101, 10],
        [102, 25],
      ]),
    );
    await queue.flush();

    expect(sent).toEqual([[record(102, 30)]]);
    expect(queue.nextSeq()).toBeGreaterThan(30);
  });

  it('stops and reports when the attempt no longer takes answers (409)', async () => {
    const onClosed = vi.fn();
    const queue = new SaveQueue({
      attemptId: 9,
      onClosed,
      send: async () => {
        throw new ApiRequestError(409, 'Esta prueba ya fue enviada.');
      },
    });

    queue.enqueue(record(101, 3));
    await vi.advanceTimersByTimeAsync(0);

    expect(onClosed).toHaveBeenCalledOnce();
    expect(stored()).toEqual([]);
    expect(await queue.flush()).toBe(false);
  });

  it('drops the records of questions revealed in study mode (409 naming them) and sends the rest', async () => {
    const onClosed = vi.fn();
    const onLocked = vi.fn();
    const locked = {
      stem_id: 101,
      stem_choice_ids: [1],
      solution_html: '<p>Porque sí.</p>',
      correct_choice_ids: [2],
      is_correct: false,
    };
    localStorage.setItem(
      pendingAnswersKey(9),
      JSON.stringify([record(102, 1, [3]), record(101, 2, [2])]),
    );
    const sent: AnswerRecord[][] = [];
    const queue = new SaveQueue({
      attemptId: 9,
      onClosed,
      onLocked,
      send: async (records) => {
        sent.push(records);
        if (records.some((r) => r.stem_id === 101)) {
          const message = 'Ya viste la respuesta de esta pregunta.';
          throw new ApiRequestError(409, message, {}, { message, locked: [locked] });
        }
        return ok(records);
      },
    });

    await queue.flush();

    expect(onLocked).toHaveBeenCalledWith([locked]);
    expect(onClosed).not.toHaveBeenCalled();
    // Nothing of the refused request was saved: 102 goes again, alone.
    expect(sent).toEqual([[record(102, 1, [3]), record(101, 2, [2])], [record(102, 1, [3])]]);
    expect(stored()).toEqual([]);
    expect(queue.getStatus()).toBe('saved');
  });
});
