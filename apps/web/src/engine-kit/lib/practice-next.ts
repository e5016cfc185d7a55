import type { AttemptResult } from '@ensaya/core/contracts/engine';

type ThemeResult = AttemptResult['themes'][number];

/** Questions per theme in the one-tap practice of the weakest themes. */
export const PRACTICE_NEXT_PER_THEME = 5;
/** At most this many themes are offered. */
export const PRACTICE_NEXT_THEMES = 3;

/** A theme's scored questions and the share right, in percent. */
export function themeShare(theme: ThemeResult): { total: number; percentage: number } {
  const total = theme.correct + theme.incorrect + theme.unanswered;
  return { total, percentage: total === 0 ? 0 : (theme.correct * 100) / total };
}

/**
 * The themes to practise next: those not all right, the lowest share first (ties: the one with
 * more questions missed, then the attempt's order), at most three, five questions each.
 */
export function practiceNext(
  themes: ReadonlyArray<ThemeResult>,
): Array<{ theme_id: number; name: string; quantity: number }> {
  return themes
    .map((theme, index) => ({ theme, index, ...themeShare(theme) }))
    .filter(({ total, theme }) => total > 0 && theme.correct < total)
    .sort(
      (a, b) =>
        a.percentage - b.percentage ||
        b.total - b.theme.correct - (a.total - a.theme.correct) ||
        a.index - b.index,
    )
    .slice(0, PRACTICE_NEXT_THEMES)
    .map(({ theme }) => ({
      theme_id: theme.theme_id,
      name: theme.name,
      quantity: PRACTICE_NEXT_PER_THEME,
    }));
}
