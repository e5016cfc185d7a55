import type { StartUserTestRequest, SubjectSetup } from '@ensaya/core/contracts/engine';
import type { ThemeStats } from '@ensaya/core/contracts/statistics';
import { SELECTION_MODES } from '@ensaya/core/engine/setup';

/** Questions in the one-tap practice. */
export const QUICK_PRACTICE_SIZE = 10;
/** The weakest themes it draws from at most. */
export const WEAKEST_THEME_COUNT = 3;

export interface QuickPractice {
  /** `weakest`: from the student's weakest themes; `starter`: no history yet, spread over all. */
  kind: 'weakest' | 'starter';
  /** The themes it draws from, weakest first (`weakest`) or in the bank's order (`starter`). */
  themes: ReadonlyArray<{ themeId: number; name: string; quantity: number }>;
  total: number;
}

type Theme = Pick<SubjectSetup['themes'][number], 'theme_id' | 'name' | 'count'>;

/**
 * Shares `size` questions over `themes` in turn, one each round, none beyond a theme's questions.
 * Themes given nothing are left out.
 */
function share(themes: ReadonlyArray<Theme>, size: number): QuickPractice['themes'] {
  const quantities = new Map<number, number>();
  let left = size;
  let isGiving = true;
  while (left > 0 && isGiving) {
    isGiving = false;
    for (const theme of themes) {
      if (left === 0) break;
      const quantity = quantities.get(theme.theme_id) ?? 0;
      if (quantity < theme.count) {
        quantities.set(theme.theme_id, quantity + 1);
        left -= 1;
        isGiving = true;
      }
    }
  }
  return themes.flatMap((theme) => {
    const quantity = quantities.get(theme.theme_id) ?? 0;
    return quantity > 0 ? [{ themeId: theme.theme_id, name: theme.name, quantity }] : [];
  });
}

/**
 * "10 questions from your weakest themes": the themes where the student's share of
 * correct answers is lowest (fewest answered first on a tie), those they answered at least one
 * question of, at most three, with 10 questions shared over them (topped up from the next weakest
 * when a theme has too few). A student with no history in the subject gets 10 questions spread over
 * all its themes instead, and is told so (`starter`).
 */
export function quickPractice(
  themes: ReadonlyArray<Theme>,
  stats: ReadonlyArray<Pick<ThemeStats, 'theme_id' | 'questions' | 'correct_percentage'>>,
  size = QUICK_PRACTICE_SIZE,
): QuickPractice {
  const available = themes.filter((theme) => theme.count > 0);
  const byTheme = new Map(available.map((theme) => [theme.theme_id, theme]));
  const answered = stats
    .filter((stat) => stat.questions > 0 && byTheme.has(stat.theme_id))
    .sort(
      (a, b) =>
        a.correct_percentage - b.correct_percentage ||
        a.questions - b.questions ||
        a.theme_id - b.theme_id,
    )
    .map((stat) => byTheme.get(stat.theme_id)!);
  if (answered.length === 0) {
    const spread = share(available, size);
    return { kind: 'starter', themes: spread, total: sum(spread) };
  }
  // The weakest three; when they hold fewer than `size` questions, the next weakest top it up.
  let count = Math.min(WEAKEST_THEME_COUNT, answered.length);
  let chosen = share(answered.slice(0, count), size);
  while (sum(chosen) < size && count < answered.length) {
    count += 1;
    chosen = share(answered.slice(0, count), size);
  }
  return { kind: 'weakest', themes: chosen, total: sum(chosen) };
}

function sum(themes: QuickPractice['themes']): number {
  return themes.reduce((total, theme) => total + theme.quantity, 0);
}

/**
 * The one-tap practice's request: by theme (mode 4) with the quantities above, questions drawn at
 * random, and study mode on so each answer shows its explanation; no timer.
 */
export function quickPracticeRequest(
  subjectId: number,
  practice: QuickPractice,
): StartUserTestRequest {
  return {
    subject_id: subjectId,
    mode: 'practice',
    selection: {
      value: SELECTION_MODES.byTheme,
      themes: practice.themes.map((theme) => ({
        theme_id: theme.themeId,
        quantity: theme.quantity,
      })),
    },
    random_question: true,
    random_answer: false,
    study_mode: true,
    timer: null,
  };
}
