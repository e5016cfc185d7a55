import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-client.ts';
import {
  AnnotationSaver,
  annotationStateOf,
  NO_ANNOTATIONS,
  toggleHighlight,
  toggleStrike,
  toRequest,
} from './annotations.ts';
import { applyHighlights, selectedRange, selectOffsets, wordsOf } from './highlight-dom.ts';

describe('annotation state', () => {
  it('crosses out and back, highlights and un-highlights, and saves the whole state', () => {
    let state = toggleStrike(NO_ANNOTATIONS, 1, 11);
    state = toggleStrike(state, 1, 12);
    state = toggleHighlight(state, 7, { start: 0, end: 4 });
    expect(toRequest(state, 5)).toEqual({
      seq: 5,
      strikes: [{ stem_id: 1, choice_ids: [11, 12] }],
      highlights: [{ context_id: 7, ranges: [{ start: 0, end: 4 }] }],
    });
    state = toggleStrike(toggleStrike(state, 1, 11), 1, 12);
    state = toggleHighlight(state, 7, { start: 0, end: 4 });
    expect(toRequest(state, 6)).toEqual({ seq: 6, strikes: [], highlights: [] });
    expect(
      annotationStateOf({ strikes: [{ stem_id: 2, choice_ids: [3] }], highlights: [] }).strikes,
    ).toEqual(new Map([[2, [3]]]));
  });
});

describe('AnnotationSaver', () => {
  it('sends the newest state after the one in flight, with increasing seq', async () => {
    const sent: Array<{ seq: number; strikes: unknown[] }> = [];
    let release: () => void = () => undefined;
    const saver = new AnnotationSaver({
      send: (body) => {
        sent.push(body);
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    saver.save(toggleStrike(NO_ANNOTATIONS, 1, 11));
    saver.save(toggleStrike(NO_ANNOTATIONS, 1, 12));
    saver.save(toggleStrike(NO_ANNOTATIONS, 1, 13));
    const flushed = saver.flush();
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await flushed;
    // The one in flight, then only the newest of the two that waited.
    expect(sent.map((body) => body.strikes)).toEqual([
      [{ stem_id: 1, choice_ids: [11] }],
      [{ stem_id: 1, choice_ids: [13] }],
    ]);
    expect(sent[1]!.seq).toBeGreaterThan(sent[0]!.seq);
  });

  it('retries a network failure and stops on a closed attempt', async () => {
    let calls = 0;
    let closed = 0;
    const retrying = new AnnotationSaver({
      send: async () => {
        calls += 1;
        if (calls === 1) throw new ApiRequestError(0, 'offline');
      },
      retryDelaysMs: [1],
    });
    retrying.save(NO_ANNOTATIONS);
    await retrying.flush();
    expect(calls).toBe(2);

    const closing = new AnnotationSaver({
      send: async () => {
        throw new ApiRequestError(409, 'closed');
      },
      onClosed: () => {
        closed += 1;
      },
    });
    closing.save(NO_ANNOTATIONS);
    await closing.flush();
    closing.save(NO_ANNOTATIONS);
    await closing.flush();
    expect(closed).toBe(1);
  });
});

describe('highlights in the DOM', () => {
  it('wraps ranges across elements in marks, keeping the text and its offsets', () => {
    const container = document.createElement('div');
    container.innerHTML = '<p>Había una <em>vez</em> un</p><p>perro.</p>';
    document.body.append(container);
    const text = container.textContent!;
    applyHighlights(container, [{ start: 6, end: 15 }]);
    expect(container.textContent).toBe(text);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent).join('')).toBe(
      text.slice(6, 15),
    );
    expect(container.querySelector('em mark')?.textContent).toBe('vez');

    // The keyboard's word selection reads back as the same offsets, over the marks.
    const words = wordsOf(text);
    selectOffsets(container, { start: words[1]!.start, end: words[2]!.end });
    expect(selectedRange(container, document.getSelection())).toEqual({
      start: words[1]!.start,
      end: words[2]!.end,
    });
    container.remove();
  });
});
