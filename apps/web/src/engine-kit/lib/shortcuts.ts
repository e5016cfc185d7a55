/**
 * The test's keyboard shortcuts (listed in the instructions): arrows move between questions,
 * A to I or 1 to 9 choose an answer, M marks the question for review.
 */
export type ShortcutAction =
  { kind: 'previous' } | { kind: 'next' } | { kind: 'choose'; index: number } | { kind: 'mark' };

const LETTERS = 'abcdefghi';

/** Where typing means text, keys are the field's own. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['radio', 'checkbox', 'button', 'submit', 'reset'].includes(target.type);
  }
  return false;
}

/** The action of a key press, or null when the key is not a shortcut here. */
export function shortcutOf(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'target'>,
): ShortcutAction | null {
  if (event.altKey || event.ctrlKey || event.metaKey || isTextField(event.target)) return null;
  const key = event.key;
  if (key === 'ArrowLeft') return { kind: 'previous' };
  if (key === 'ArrowRight') return { kind: 'next' };
  const lower = key.length === 1 ? key.toLowerCase() : '';
  if (lower === 'm') return { kind: 'mark' };
  const letter = LETTERS.indexOf(lower);
  if (lower !== '' && letter >= 0) return { kind: 'choose', index: letter };
  if (/^[1-9]$/.test(key)) return { kind: 'choose', index: Number(key) - 1 };
  return null;
}

/**
 * A radio button's own arrow keys pick the next choice (the browser's default): in a test that
 * would change, and save, the answer. On a choice, the up and down arrows do nothing.
 */
export function isChoiceArrow(event: Pick<KeyboardEvent, 'key' | 'target'>): boolean {
  return (
    (event.key === 'ArrowUp' || event.key === 'ArrowDown') &&
    event.target instanceof HTMLInputElement &&
    event.target.type === 'radio'
  );
}
