import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { AttemptQuestion } from '@ensaya/core/contracts/engine';
import { isHighlighted, type TextRange } from '@ensaya/core/engine/annotations';
import { applyHighlights, selectedRange, selectOffsets, wordsOf } from '../lib/highlight-dom.ts';
import { PlainButton } from '../../components/plain-controls.tsx';

/** The highlighter's texts, from the screen using it. */
export interface HighlightLabels {
  tools: string;
  highlight: string;
  clear: string;
  hint: string;
  noSelection: string;
  added: string;
  removed: string;
}

/** Highlighting in a running attempt; without it the highlights are shown read-only (review). */
export interface HighlightTools {
  onToggle: (range: TextRange) => void;
  onClear: () => void;
  labels: HighlightLabels;
}

/**
 * The context's HTML with its highlights as `<mark>` elements. The HTML is the server's, rendered
 * and sanitized (see ServerHtml); it is set here, not by React, so the marks can be laid over it.
 */
function HighlightedHtml({
  html,
  ranges,
  bodyRef,
  ...props
}: {
  html: string;
  ranges: readonly TextRange[];
  bodyRef: React.RefObject<HTMLDivElement | null>;
} & React.HTMLAttributes<HTMLDivElement>) {
  useLayoutEffect(() => {
    const element = bodyRef.current;
    if (!element) return;
    element.innerHTML = html;
    for (const link of element.querySelectorAll('a[href]')) {
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
    }
    applyHighlights(element, ranges);
  }, [bodyRef, html, ranges]);
  return <div ref={bodyRef} {...props} />;
}

/**
 * A question's reading context (a text or figure several questions share), shown and hidden by
 * its toggle, with the student's highlights. In a running attempt (`tools`) the student highlights
 * a passage by selecting it (mouse, touch, or in the focused text: arrows select a word, Shift and
 * the arrows extend) and pressing "Highlight" or Enter; the same on a highlighted passage removes
 * it. The labels come from the screen using it (the test player, the review).
 */
export function QuestionContext({
  context,
  isVisible,
  onToggle,
  labels,
  highlights = [],
  tools,
}: {
  context: NonNullable<AttemptQuestion['context']>;
  isVisible: boolean;
  onToggle: () => void;
  labels: { section: string; show: string; hide: string };
  highlights?: readonly TextRange[];
  tools?: HighlightTools;
}) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  /** Keyboard selection, in words of the text: where it started and where it ends. */
  const [words, setWords] = useState<{ anchor: number; focus: number } | null>(null);
  const [message, setMessage] = useState('');

  function toggleSelection() {
    if (!tools || !bodyRef.current) return;
    const range = selectedRange(bodyRef.current, document.getSelection());
    if (!range) {
      setMessage(tools.labels.noSelection);
      return;
    }
    const wasHighlighted = isHighlighted(highlights, range);
    tools.onToggle(range);
    document.getSelection()?.removeAllRanges();
    setWords(null);
    setMessage(wasHighlighted ? tools.labels.removed : tools.labels.added);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const element = bodyRef.current;
    if (!tools || !element || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      toggleSelection();
      return;
    }
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const edge = event.key === 'Home' ? 'first' : event.key === 'End' ? 'last' : null;
    if (step === 0 && edge === null) return;
    // The arrows are the text's own here (not the previous and next question).
    event.preventDefault();
    const all = wordsOf(element.textContent ?? '');
    if (all.length === 0) return;
    const last = all.length - 1;
    const current = words ?? { anchor: -1, focus: -1 };
    let focus =
      edge === 'first'
        ? 0
        : edge === 'last'
          ? last
          : Math.max(0, Math.min(last, current.focus + step));
    if (current.focus < 0 && step < 0) focus = 0;
    const anchor = event.shiftKey && words ? current.anchor : focus;
    setWords({ anchor, focus });
    const from = all[Math.min(anchor, focus)]!;
    const to = all[Math.max(anchor, focus)]!;
    selectOffsets(element, { start: from.start, end: to.end });
  }

  return (
    <section className="question__context" aria-label={labels.section}>
      <PlainButton
        variant="link"
        className="question__context-toggle"
        aria-expanded={isVisible}
        onClick={onToggle}
      >
        {isVisible ? labels.hide : labels.show}
      </PlainButton>
      {isVisible && (
        <div className="question__context-body">
          {context.title && <h3>{context.title}</h3>}
          {tools && (
            <div className="highlighter" role="group" aria-label={tools.labels.tools}>
              <PlainButton
                size="small"
                className="highlighter__button"
                // Pressing it with the mouse keeps the text's selection.
                onMouseDown={(event) => event.preventDefault()}
                onClick={toggleSelection}
              >
                <span className="highlighter__swatch" aria-hidden="true" />
                {tools.labels.highlight}
              </PlainButton>
              <PlainButton
                size="small"
                variant="text"
                disabled={highlights.length === 0}
                onClick={() => {
                  tools.onClear();
                  setMessage(tools.labels.removed);
                }}
              >
                {tools.labels.clear}
              </PlainButton>
              <span className="visually-hidden" role="status" aria-live="polite">
                {message}
              </span>
            </div>
          )}
          {tools && (
            <p id={hintId} className="highlighter__hint">
              {tools.labels.hint}
            </p>
          )}
          <HighlightedHtml
            bodyRef={bodyRef}
            className="question__context-text"
            html={context.body_html}
            ranges={highlights}
            {...(tools
              ? {
                  tabIndex: 0,
                  role: 'group',
                  'aria-label': context.title || labels.section,
                  'aria-describedby': hintId,
                  onKeyDown,
                  onBlur: () => setWords(null),
                }
              : {})}
          />
        </div>
      )}
    </section>
  );
}
