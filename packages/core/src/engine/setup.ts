import type { MessageKey } from '../i18n/messages.ts';

// The test setup rules of spec 001, section 5, shared by the `/temas` form and `POST api/user-tests`.

/** The practice tab's four ways to choose questions (the spec's option values 1 to 4). */
export const SELECTION_MODES = { all: 1, count: 2, range: 3, byTheme: 4 } as const;
export type SelectionMode = (typeof SELECTION_MODES)[keyof typeof SELECTION_MODES];

export const MAX_TIMER_HOURS = 12;
export const MAX_TIMER_MINUTES = 60;
/** The question comment box (spec 001, section 9). */
export const MAX_COMMENT_LENGTH = 500;

export interface TimerSetup {
  hours: number;
  minutes: number;
}

/** Seconds of a timer, or the message that explains why it is not valid. */
export function timerProblem(timer: TimerSetup): MessageKey | undefined {
  const { hours, minutes } = timer;
  if (!Number.isInteger(hours) || !Number.isInteger(minutes)) return 'engine.timeRequired';
  if (hours < 0 || hours > MAX_TIMER_HOURS) return 'engine.timerHours';
  if (minutes < 0 || minutes > MAX_TIMER_MINUTES) return 'engine.timerMinutes';
  if (hours === 0 && minutes === 0) return 'engine.timeRequired';
  return undefined;
}

export function timerSeconds(timer: TimerSetup): number {
  return timer.hours * 3600 + timer.minutes * 60;
}

export interface PracticeSelection {
  value: SelectionMode;
  limit?: number | null | undefined;
  from?: number | null | undefined;
  to?: number | null | undefined;
  themes?: ReadonlyArray<{ theme_id: number; quantity: number }> | undefined;
}

export interface SelectionProblem {
  field: 'limit' | 'from' | 'to' | 'themes';
  message: MessageKey;
}

/**
 * The form-level rules of a practice selection, before the bank is consulted: a count needs a
 * quantity, a range needs both ends in order, by theme needs at least one theme with a quantity.
 */
export function selectionProblem(selection: PracticeSelection): SelectionProblem | undefined {
  switch (selection.value) {
    case SELECTION_MODES.all:
      return undefined;
    case SELECTION_MODES.count:
      return positive(selection.limit)
        ? undefined
        : { field: 'limit', message: 'engine.quantityRequired' };
    case SELECTION_MODES.range: {
      const { from, to } = selection;
      if (!positive(from) || !positive(to)) {
        return { field: positive(from) ? 'to' : 'from', message: 'engine.rangeRequired' };
      }
      return from <= to ? undefined : { field: 'to', message: 'engine.rangeInvalid' };
    }
    case SELECTION_MODES.byTheme: {
      const themes = selection.themes ?? [];
      if (themes.length === 0) return { field: 'themes', message: 'engine.themeRequired' };
      if (themes.some((entry) => !positive(entry.quantity))) {
        return { field: 'themes', message: 'engine.quantityRequired' };
      }
      if (new Set(themes.map((entry) => entry.theme_id)).size !== themes.length) {
        return { field: 'themes', message: 'validation.invalid' };
      }
      return undefined;
    }
    default:
      return { field: 'themes', message: 'validation.invalid' };
  }
}

function positive(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}
