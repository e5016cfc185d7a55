import { shuffled, type Random } from './random.ts';
import { SELECTION_MODES, type PracticeSelection, type SelectionProblem } from './setup.ts';

// How the server chooses an attempt's questions (DESIGN.md, "Test engine"). Pure: the API loads the
// subject's active questions, these functions choose and order them, the API stores the result.

/** A question of the bank as selection sees it. */
export interface BankStem {
  id: number;
  themeId: number;
  contextId: number | null;
  /** The question's number in its subject's bank (the range mode counts by it). */
  stemNumber: number;
}

/**
 * Splits `total` into whole parts proportional to `weights` by largest remainder (Hamilton): each
 * gets the floor of its exact share, and the parts left go to the largest fractions, ties to the
 * earlier entry. With every weight 0 the total is split evenly.
 */
export function apportion(total: number, weights: ReadonlyArray<number>): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  const effective = sum > 0 ? weights : weights.map(() => 1);
  const effectiveSum = sum > 0 ? sum : weights.length;
  const exact = effective.map((weight) => (total * weight) / effectiveSum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((acc, part) => acc + part, 0);
  const byRemainder = exact
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

export interface WeightedTheme {
  themeId: number;
  weight: number;
  /** Active questions of the theme in the bank. */
  available: number;
}

/**
 * Questions per theme for a mock exam of `count` questions: largest-remainder shares of the weights;
 * a theme with fewer questions than its share gives the rest to the themes that have more, again in
 * proportion to their weights. The sum is `count`, or every available question when the bank is short.
 */
export function mockExamQuotas(count: number, themes: ReadonlyArray<WeightedTheme>): number[] {
  const quotas = themes.map(() => 0);
  let remaining = Math.min(
    count,
    themes.reduce((acc, theme) => acc + theme.available, 0),
  );
  while (remaining > 0) {
    const open = themes
      .map((theme, index) => ({ theme, index }))
      .filter(({ theme, index }) => theme.available > quotas[index]!);
    const hasWeight = open.some(({ theme }) => theme.weight > 0);
    const shares = apportion(
      remaining,
      open.map(({ theme }) => (hasWeight ? theme.weight : 1)),
    );
    let placed = 0;
    open.forEach(({ theme, index }, position) => {
      const room = theme.available - quotas[index]!;
      const take = Math.min(room, shares[position]!);
      quotas[index]! += take;
      placed += take;
    });
    remaining -= placed;
    if (placed === 0) break;
  }
  return quotas;
}

/** Questions that share a context, in bank order; a question without a context is a group alone. */
function contextGroups(stems: ReadonlyArray<BankStem>): BankStem[][] {
  const groups = new Map<string, BankStem[]>();
  for (const stem of [...stems].sort((a, b) => a.stemNumber - b.stemNumber)) {
    const key = stem.contextId === null ? `stem:${stem.id}` : `context:${stem.contextId}`;
    const group = groups.get(key);
    if (group) group.push(stem);
    else groups.set(key, [stem]);
  }
  return [...groups.values()];
}

/**
 * `quota` questions of one theme, taking whole context groups in random order while they fit, and
 * only when no group fits the part left, the first questions of one more group.
 */
export function pickKeepingContexts(
  stems: ReadonlyArray<BankStem>,
  quota: number,
  random: Random,
): BankStem[] {
  const picked: BankStem[] = [];
  const leftOver: BankStem[][] = [];
  for (const group of shuffled(contextGroups(stems), random)) {
    const room = quota - picked.length;
    if (room === 0) break;
    if (group.length <= room) picked.push(...group);
    else leftOver.push(group);
  }
  for (const group of leftOver) {
    const room = quota - picked.length;
    if (room === 0) break;
    picked.push(...group.slice(0, room));
  }
  return picked;
}

/**
 * The order questions are shown in: by bank number, or shuffled; either way the questions of one
 * context stay next to each other so the text is read once.
 */
export function orderStems(
  stems: ReadonlyArray<BankStem>,
  randomOrder: boolean,
  random: Random,
): BankStem[] {
  const groups = contextGroups(stems);
  if (!randomOrder) {
    return groups.sort((a, b) => a[0]!.stemNumber - b[0]!.stemNumber).flat();
  }
  return shuffled(groups, random).flat();
}

/** A mock exam: the period's count split by theme weights, contexts kept together, no repeats. */
export function selectMockExam(
  bank: ReadonlyArray<BankStem>,
  weights: ReadonlyArray<{ themeId: number; weight: number }>,
  count: number,
  random: Random,
): BankStem[] {
  const byTheme = new Map<number, BankStem[]>();
  for (const stem of bank) {
    const list = byTheme.get(stem.themeId) ?? [];
    list.push(stem);
    byTheme.set(stem.themeId, list);
  }
  const themes = weights.map(({ themeId, weight }) => ({
    themeId,
    weight,
    available: byTheme.get(themeId)?.length ?? 0,
  }));
  const quotas = mockExamQuotas(count, themes);
  const picked = themes.flatMap(({ themeId }, index) =>
    pickKeepingContexts(byTheme.get(themeId) ?? [], quotas[index]!, random),
  );
  return orderStems(picked, true, random);
}

export type PracticeSelectionResult =
  | { ok: true; stems: BankStem[] }
  | { ok: false; problem: SelectionProblem & { params?: Record<string, number> } };

/**
 * A practice test's questions for one of the four modes. The bank is the subject's active
 * questions. Asking for more than the bank holds is refused, naming the most there is.
 */
export function selectPractice(
  bank: ReadonlyArray<BankStem>,
  selection: PracticeSelection,
  randomOrder: boolean,
  random: Random,
): PracticeSelectionResult {
  const sorted = [...bank].sort((a, b) => a.stemNumber - b.stemNumber);
  const pick = (
    stems: ReadonlyArray<BankStem>,
    quantity: number,
    field: SelectionProblem['field'],
  ): BankStem[] | (SelectionProblem & { params: Record<string, number> }) => {
    if (quantity > stems.length) {
      return { field, message: 'validation.tooBig', params: { max: stems.length } };
    }
    return randomOrder ? shuffled(stems, random).slice(0, quantity) : stems.slice(0, quantity);
  };
  let chosen: BankStem[];
  switch (selection.value) {
    case SELECTION_MODES.all:
      chosen = sorted;
      break;
    case SELECTION_MODES.count: {
      const result = pick(sorted, selection.limit ?? 0, 'limit');
      if (!Array.isArray(result)) return { ok: false, problem: result };
      chosen = result;
      break;
    }
    case SELECTION_MODES.range: {
      const from = selection.from ?? 0;
      const to = selection.to ?? 0;
      const last = sorted.at(-1)?.stemNumber ?? 0;
      if (from < 1 || to < from || to > last) {
        return {
          ok: false,
          problem: { field: 'to', message: 'engine.rangeInvalid', params: { max: last } },
        };
      }
      chosen = sorted.filter((stem) => stem.stemNumber >= from && stem.stemNumber <= to);
      break;
    }
    case SELECTION_MODES.byTheme: {
      chosen = [];
      for (const { theme_id: themeId, quantity } of selection.themes ?? []) {
        const ofTheme = sorted.filter((stem) => stem.themeId === themeId);
        if (ofTheme.length === 0) {
          return { ok: false, problem: { field: 'themes', message: 'engine.themeUnknown' } };
        }
        const result = pick(ofTheme, quantity, 'themes');
        if (!Array.isArray(result)) return { ok: false, problem: result };
        chosen.push(...result);
      }
      break;
    }
    default:
      return { ok: false, problem: { field: 'themes', message: 'validation.invalid' } };
  }
  return { ok: true, stems: orderStems(chosen, randomOrder, random) };
}
