import type { Selection, StartUserTestRequest } from '@ensaya/core/contracts/engine';
import {
  SELECTION_MODES,
  selectionProblem,
  timerProblem,
  type SelectionMode,
} from '@ensaya/core/engine/setup';
import type { MessageKey } from '@ensaya/core/i18n/messages';
import '../../../../lib/core-messages-full.ts';

/** The practice tab as the student fills it in (spec 001, section 2). */
export interface PracticeSetup {
  mode: SelectionMode;
  limit: number | null;
  from: number | null;
  to: number | null;
  /** Chosen themes and the quantity asked of each, in the table's order. */
  themes: ReadonlyArray<{ themeId: number; quantity: number | null }>;
  randomQuestion: boolean;
  studyMode: boolean;
  randomAnswer: boolean;
  hasTimer: boolean;
  hours: number | null;
  minutes: number | null;
}

export const INITIAL_PRACTICE_SETUP: PracticeSetup = {
  mode: SELECTION_MODES.all,
  limit: null,
  from: null,
  to: null,
  themes: [],
  randomQuestion: false,
  studyMode: false,
  randomAnswer: false,
  hasTimer: false,
  hours: 1,
  minutes: 0,
};

export type SetupField = 'limit' | 'from' | 'to' | 'themes' | 'timer';
export type SetupProblems = Partial<Record<SetupField, MessageKey>>;

export function toSelection(setup: PracticeSetup): Selection {
  switch (setup.mode) {
    case SELECTION_MODES.count:
      return { value: setup.mode, limit: setup.limit };
    case SELECTION_MODES.range:
      return { value: setup.mode, from: setup.from, to: setup.to };
    case SELECTION_MODES.byTheme:
      return {
        value: setup.mode,
        themes: setup.themes.map((theme) => ({
          theme_id: theme.themeId,
          quantity: theme.quantity ?? 0,
        })),
      };
    default:
      return { value: SELECTION_MODES.all };
  }
}

function timerOf(setup: PracticeSetup) {
  return { hours: setup.hours ?? 0, minutes: setup.minutes ?? 0 };
}

/** Core's setup rules, the ones the API applies to the same request, per field. */
export function practiceProblems(setup: PracticeSetup): SetupProblems {
  const problems: SetupProblems = {};
  const selection = selectionProblem(toSelection(setup));
  if (selection) problems[selection.field] = selection.message;
  if (setup.hasTimer) {
    const timer = timerProblem(timerOf(setup));
    if (timer) problems.timer = timer;
  }
  return problems;
}

export function practiceRequest(subjectId: number, setup: PracticeSetup): StartUserTestRequest {
  return {
    subject_id: subjectId,
    mode: 'practice',
    selection: toSelection(setup),
    random_question: setup.randomQuestion,
    random_answer: setup.randomAnswer,
    study_mode: setup.studyMode,
    timer: setup.hasTimer ? timerOf(setup) : null,
  };
}

/** The field of the form a server error key (`selection.limit`, `timer.hours`, …) belongs to. */
export function fieldOfServerError(key: string): SetupField | null {
  if (key === 'selection.limit') return 'limit';
  if (key === 'selection.from') return 'from';
  if (key === 'selection.to') return 'to';
  if (key.startsWith('selection.themes') || key === 'selection') return 'themes';
  if (key.startsWith('timer')) return 'timer';
  return null;
}
