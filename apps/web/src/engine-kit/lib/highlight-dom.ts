import type { TextRange } from '@ensaya/core/engine/annotations';

/**
 * Highlights in a reading text's DOM. Offsets count the characters of the
 * container's text nodes in document order (its `textContent`), so they survive the `<mark>`
 * elements added around them and are the same on every device.
 */

export const HIGHLIGHT_CLASS = 'text-highlight';

function textNodes(container: Node): Text[] {
  const walker = container.ownerDocument!.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode as Text);
  return nodes;
}

/** Wraps each highlighted passage of `container`'s text in `<mark>` elements (one per text node). */
export function applyHighlights(container: HTMLElement, ranges: readonly TextRange[]) {
  if (ranges.length === 0) return;
  const document = container.ownerDocument;
  let offset = 0;
  for (const node of textNodes(container)) {
    const start = offset;
    const end = start + node.data.length;
    offset = end;
    const pieces = ranges
      .filter((range) => range.start < end && range.end > start)
      .map((range) => ({
        from: Math.max(range.start, start) - start,
        to: Math.min(range.end, end) - start,
      }));
    if (pieces.length === 0) continue;
    const fragment = document.createDocumentFragment();
    let at = 0;
    for (const piece of pieces) {
      if (piece.from > at) fragment.append(node.data.slice(at, piece.from));
      const mark = document.createElement('mark');
      mark.className = HIGHLIGHT_CLASS;
      mark.textContent = node.data.slice(piece.from, piece.to);
      fragment.append(mark);
      at = piece.to;
    }
    if (at < node.data.length) fragment.append(node.data.slice(at));
    node.replaceWith(fragment);
  }
}

/** The text offset of a DOM point, clamped to `container` (a point before it is 0, after it the end). */
export function offsetOf(container: HTMLElement, node: Node, offset: number): number {
  const whole = container.ownerDocument.createRange();
  whole.selectNodeContents(container);
  const position = whole.comparePoint(node, offset);
  if (position < 0) return 0;
  if (position > 0) return whole.toString().length;
  whole.setEnd(node, offset);
  return whole.toString().length;
}

/** The selection's passage inside `container`, or null when it selects nothing of it. */
export function selectedRange(
  container: HTMLElement,
  selection: Selection | null,
): TextRange | null {
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  const start = offsetOf(container, range.startContainer, range.startOffset);
  const end = offsetOf(container, range.endContainer, range.endOffset);
  return end > start ? { start, end } : null;
}

/** Selects the passage `[start, end)` of `container`'s text (shown as the browser's selection). */
export function selectOffsets(container: HTMLElement, range: TextRange) {
  const selection = container.ownerDocument.getSelection();
  if (!selection) return;
  const point = (target: number): [Node, number] => {
    let offset = 0;
    for (const node of textNodes(container)) {
      if (target <= offset + node.data.length) return [node, target - offset];
      offset += node.data.length;
    }
    return [container, container.childNodes.length];
  };
  const dom = container.ownerDocument.createRange();
  dom.setStart(...point(range.start));
  dom.setEnd(...point(range.end));
  selection.removeAllRanges();
  selection.addRange(dom);
}

/** The words of a text (runs of non-space characters), as ranges. */
export function wordsOf(text: string): TextRange[] {
  return [...text.matchAll(/\S+/gu)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
}
