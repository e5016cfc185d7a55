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
 * When the student last saw each question, as a rank that grows with time (e.g. the id of the last
 * attempt that held it). A question absent from the map was never seen.
 */
export type SeenStems = ReadonlyMap<number, number>;

/** When a group was last seen: its most recently seen question, or -Infinity when none was. */
function groupSeenAt(group: ReadonlyArray<BankStem>, seen: SeenStems): number {
  let last = Number.NEGATIVE_INFINITY;
  for (const stem of group) last = Math.max(last, seen.get(stem.id) ?? Number.NEGATIVE_INFINITY);
  return last;
}

/**
 * Fills `picked` up to `quota` from `groups` in their order: whole groups while they fit, then,
 * only when no group fits the part left, the first questions of the next groups.
 */
function fillKeepingGroups(
  picked: BankStem[],
  groups: ReadonlyArray<ReadonlyArray<BankStem>>,
  quota: number,
): void {
  const leftOver: Array<ReadonlyArray<BankStem>> = [];
  for (const group of groups) {
    const room = quota - picked.length;
    if (room === 0) return;
    if (group.length <= room) picked.push(...group);
    else leftOver.push(group);
  }
  for (const group of leftOver) {
    const room = quota - picked.length;
    if (room === 0) return;
    picked.push(...group.slice(0, room));
  }
}

/**
 * `quota` questions of one theme, taking whole context groups while they fit, and only when no
 * group fits the part left, the first questions of one more group. Questions the student never saw
 * (`seen`) come first: groups never seen, in random order, then the unseen questions of groups
 * partly seen; only then seen questions, the least recently seen group first. So exams in a row
 * share no question while the theme has unseen ones.
 */
export function pickKeepingContexts(
  stems: ReadonlyArray<BankStem>,
  quota: number,
  random: Random,
  seen: SeenStems = new Map(),
): BankStem[] {
  const picked: BankStem[] = [];
  const groups = shuffled(contextGroups(stems), random);
  const isSeen = (stem: BankStem) => seen.has(stem.id);
  const fresh = groups.filter((group) => !group.some(isSeen));
  const partlyFresh = groups
    .filter((group) => group.some(isSeen))
    .map((group) => group.filter((stem) => !isSeen(stem)))
    .filter((group) => group.length > 0);
  fillKeepingGroups(picked, [...fresh, ...partlyFresh], quota);
  if (picked.length < quota) {
    // Stable sort of the shuffled groups: ties keep their random order.
    const stale = groups
      .map((group) => ({ group: group.filter(isSeen), seenAt: groupSeenAt(group, seen) }))
      .filter(({ group }) => group.length > 0)
      .sort((a, b) => (a.seenAt === b.seenAt ? 0 : a.seenAt < b.seenAt ? -1 : 1))
      .map(({ group }) => group);
    fillKeepingGroups(picked, stale, quota);
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

/**
 * A mock exam: the period's count split by theme weights, contexts kept together, no repeats;
 * questions the student has not seen before first, then the least recently seen (`seen`).
 */
export function selectMockExam(
  bank: ReadonlyArray<BankStem>,
  weights: ReadonlyArray<{ themeId: number; weight: number }>,
  count: number,
  random: Random,
  seen: SeenStems = new Map(),
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
    pickKeepingContexts(byTheme.get(themeId) ?? [], quotas[index]!, random, seen),
  );
  return orderStems(picked, true, random);
}

/**
 * The theme weights of a mock exam of a subject with elective themes (Ciencias): the common
 * themes plus the one elective the student chose. Without elective themes, all of them.
 */
export function examWeights<T extends { themeId: number; isElective: boolean }>(
  weights: ReadonlyArray<T>,
  electiveThemeId: number | null,
): T[] {
  return weights.filter((theme) => !theme.isElective || theme.themeId === electiveThemeId);
}

/** Unscored pilot questions in a PAES mock exam, as the real form has (the period's pilot count). */
export const PILOT_QUESTION_COUNT = 5;

/**
 * The positions (1-based) of a mock exam's pilot questions: `pilots` distinct random positions,
 * fewer when the exam is short (at least one question always stays scored).
 */
export function pilotPositions(total: number, pilots: number, random: Random): number[] {
  const count = Math.min(pilots, Math.max(0, total - 1));
  if (count <= 0) return [];
  return shuffled(
    Array.from({ length: total }, (_, index) => index + 1),
    random,
  )
    .slice(0, count)
    .sort((a, b) => a - b);
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
