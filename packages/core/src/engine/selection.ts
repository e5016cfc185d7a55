import { shuffled, type Random } from './random.ts';
import { MOCK_EXAM_DIFFICULTY_PROFILE, type Difficulty } from './difficulty.ts';
import { SELECTION_MODES, type PracticeSelection, type SelectionProblem } from './setup.ts';

// How the server chooses an attempt's questions (docs/architecture.md, "Test engine"). Pure: the API loads the
// subject's active questions, these functions choose and order them, the API stores the result.

/** A question of the bank as selection sees it. */
export interface BankStem {
  id: number;
  themeId: number;
  contextId: number | null;
  /** The question's number in its subject's bank (the range mode counts by it). */
  stemNumber: number;
  /** 1 easy, 2 medium, 3 hard (engine/difficulty.ts); read by mock exams, absent as medium. */
  difficulty?: Difficulty | undefined;
  /** The question's clone family (content/families.ts), if any: a mock exam takes one at most. */
  family?: number | string | null | undefined;
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

/** A reading unit: a context's questions in bank order, or a question without a context. */
interface Unit {
  stems: BankStem[];
  size: number;
  /** [theme index, questions of the theme]. */
  themes: Array<[number, number]>;
  /** [theme index × 3 + difficulty − 1, questions]. */
  cells: Array<[number, number]>;
  families: Array<number | string>;
  /** 0: never seen; otherwise 1 + the rank of when it was last seen (1: the longest ago). */
  seenRank: number;
  /** Units of the same kind are alike for the cost: one of them is tried for all. */
  kind: number;
}

/**
 * The units of the questions of the exam's themes: a context's questions together in bank order
 * (only those of the exam's themes: another elective's question on a shared text stays out).
 */
function examUnits(
  bank: ReadonlyArray<BankStem>,
  themeIndex: ReadonlyMap<number, number>,
  seen: SeenStems,
): Unit[] {
  const groups = contextGroups(bank.filter((stem) => themeIndex.has(stem.themeId)));
  const seenValues = [
    ...new Set(groups.flatMap((group) => group.flatMap((stem) => seen.get(stem.id) ?? []))),
  ].sort((a, b) => a - b);
  const rankOf = new Map(seenValues.map((value, index) => [value, index + 1]));
  const kinds = new Map<string, number>();
  return groups.map((stems) => {
    const themes = new Map<number, number>();
    const cells = new Map<number, number>();
    const families = new Set<number | string>();
    let last: number | undefined;
    for (const stem of stems) {
      const theme = themeIndex.get(stem.themeId)!;
      themes.set(theme, (themes.get(theme) ?? 0) + 1);
      const cell = theme * 3 + (stem.difficulty ?? 2) - 1;
      cells.set(cell, (cells.get(cell) ?? 0) + 1);
      if (stem.family !== null && stem.family !== undefined) families.add(stem.family);
      const at = seen.get(stem.id);
      if (at !== undefined && (last === undefined || at > last)) last = at;
    }
    const seenRank = last === undefined ? 0 : rankOf.get(last)!;
    const signature = JSON.stringify([seenRank, [...cells].sort(), [...families]]);
    if (!kinds.has(signature)) kinds.set(signature, kinds.size);
    return {
      stems,
      size: stems.length,
      themes: [...themes],
      cells: [...cells],
      families: [...families],
      seenRank,
      kind: kinds.get(signature)!,
    };
  });
}

/**
 * Units grouped so that an exam takes at most one unit of a group: units sharing a clone family
 * (transitively) form one group; every other unit is a group alone. Groups keep `order`.
 */
function familyGroups(units: ReadonlyArray<Unit>, order: ReadonlyArray<number>): number[][] {
  const groupOf = new Map<number | string, number[]>();
  const groups: number[][] = [];
  for (const index of order) {
    const shared = [
      ...new Set(
        units[index]!.families.flatMap((family) => {
          const group = groupOf.get(family);
          return group ? [group] : [];
        }),
      ),
    ];
    let group: number[];
    if (shared.length === 0) {
      group = [index];
      groups.push(group);
    } else {
      // Joins the first group it shares a family with, and merges any other into it.
      group = shared[0]!;
      group.push(index);
      for (const other of shared.slice(1)) {
        group.push(...other);
        other.length = 0;
        for (const member of group)
          for (const family of units[member]!.families) groupOf.set(family, group);
      }
    }
    for (const family of units[index]!.families) groupOf.set(family, group);
  }
  return groups.filter((group) => group.length > 0);
}

/**
 * Which sums of questions the groups can make, one unit per group at most: `reach[g][s]` (flat, row
 * `g` after the first `g` groups) is 1 when the first `g` groups can make `s`.
 */
function reachTable(
  units: ReadonlyArray<Unit>,
  groups: ReadonlyArray<ReadonlyArray<number>>,
  limit: number,
): Uint8Array {
  const width = limit + 1;
  const reach = new Uint8Array((groups.length + 1) * width);
  reach[0] = 1;
  groups.forEach((group, g) => {
    const from = g * width;
    const to = from + width;
    reach.copyWithin(to, from, to);
    for (const index of group) {
      const size = units[index]!.size;
      for (let sum = size; sum <= limit; sum++) if (reach[from + sum - size]) reach[to + sum] = 1;
    }
  });
  return reach;
}

/**
 * Whether `exams` exams (1 or 2) of exactly `target` questions each, sharing no unit, can be made
 * of the units of `groups` not `taken` (one unit per group and exam).
 */
function canHoldExams(
  units: ReadonlyArray<Unit>,
  allGroups: ReadonlyArray<ReadonlyArray<number>>,
  taken: Uint8Array,
  target: number,
  exams: number,
): boolean {
  if (exams <= 0) return true;
  const groups = allGroups
    .map((group) => group.filter((index) => !taken[index]))
    .filter((group) => group.length > 0);
  if (exams === 1) {
    const reach = reachTable(units, groups, target);
    return reach[groups.length * (target + 1) + target] === 1;
  }
  let total = 0;
  for (const group of groups) total += Math.max(...group.map((index) => units[index]!.size));
  if (total < 2 * target) return false;
  // reach[a] is a bit set over b: the first exam can have a questions while the second has b.
  const words = (target >>> 5) + 1;
  let reach = new Uint32Array((target + 1) * words);
  reach[0] = 1;
  const goal = target * words + (target >>> 5);
  const goalBit = 1 << (target & 31);
  for (const group of groups) {
    const next = reach.slice();
    const sizes = group.map((index) => units[index]!.size);
    for (let a = 0; a <= target; a++) {
      const row = a * words;
      let any = 0;
      for (let w = 0; w < words; w++) any |= reach[row + w]!;
      if (any === 0) continue;
      for (let i = 0; i < sizes.length; i++) {
        const size = sizes[i]!;
        // The unit to the second exam.
        orShifted(next, row, reach, row, words, size);
        if (a + size > target) continue;
        // To the first exam; and, in a family group, another unit to the second.
        orShifted(next, (a + size) * words, reach, row, words, 0);
        for (let j = 0; j < sizes.length; j++)
          if (j !== i) orShifted(next, (a + size) * words, reach, row, words, sizes[j]!);
      }
    }
    reach = next;
    if (reach[goal]! & goalBit) return true;
  }
  return (reach[goal]! & goalBit) !== 0;
}

/** `target[to..]` |= `source[from..]` shifted `shift` bits up, over `words` words. */
function orShifted(
  target: Uint32Array,
  to: number,
  source: Uint32Array,
  from: number,
  words: number,
  shift: number,
): void {
  const wordShift = shift >>> 5;
  const bitShift = shift & 31;
  for (let w = words - 1; w >= wordShift; w--) {
    let value = source[from + w - wordShift]! << bitShift;
    if (bitShift !== 0 && w - wordShift - 1 >= 0)
      value |= source[from + w - wordShift - 1]! >>> (32 - bitShift);
    target[to + w]! |= value;
  }
}

/** Samples tried before giving up on keeping the next exams free of repeats. */
const LOOK_AHEAD_SAMPLES = 8;
/** Banks of at most this many units also look two exams ahead and try two-for-one exchanges. */
const SMALL_BANK_UNITS = 80;
/** Starts of the search in small banks, the best kept. */
const SMALL_BANK_STARTS = 3;
/** Exchanges tried by the local search, at most, per unit of the bank. */
const EVALUATIONS_PER_UNIT = 300;

/** Working state of one exam's units: what is in, its counts, and its cost. */
class Draft {
  readonly picked: Uint8Array;
  readonly themeCount: Int32Array;
  readonly cellCount: Int32Array;
  readonly familyUse = new Map<number | string, number>();
  seenQuestions = 0;
  recency = 0;
  readonly units: ReadonlyArray<Unit>;
  readonly quotas: ReadonlyArray<number>;
  readonly cellTargets: ReadonlyArray<number>;
  // Scratch for `delta` (a theme's or cell's change is summed once per touch, then reset).
  private readonly themeChange: Int32Array;
  private readonly cellChange: Int32Array;
  private readonly touchedThemes: number[] = [];
  private readonly touchedCells: number[] = [];
  private readonly result = [0, 0, 0, 0, 0];

  constructor(
    units: ReadonlyArray<Unit>,
    quotas: ReadonlyArray<number>,
    cellTargets: ReadonlyArray<number>,
  ) {
    this.units = units;
    this.quotas = quotas;
    this.cellTargets = cellTargets;
    this.picked = new Uint8Array(units.length);
    this.themeCount = new Int32Array(quotas.length);
    this.cellCount = new Int32Array(cellTargets.length);
    this.themeChange = new Int32Array(quotas.length);
    this.cellChange = new Int32Array(cellTargets.length);
  }

  /** The cost, part by part as `delta` gives its changes. */
  cost(): number[] {
    let themeDistance = 0;
    this.quotas.forEach((quota, theme) => {
      themeDistance += Math.abs(this.themeCount[theme]! - quota);
    });
    let cellDistance = 0;
    this.cellTargets.forEach((target, cell) => {
      cellDistance += Math.abs(this.cellCount[cell]! - target);
    });
    let familiesUsed = 0;
    for (const use of this.familyUse.values()) if (use > 0) familiesUsed += 1;
    return [this.seenQuestions, themeDistance, -familiesUsed, this.recency, cellDistance];
  }

  move(index: number, sign: 1 | -1): void {
    const unit = this.units[index]!;
    this.picked[index] = sign > 0 ? 1 : 0;
    if (unit.seenRank > 0) {
      this.seenQuestions += sign * unit.size;
      this.recency += sign * unit.size * unit.seenRank;
    }
    for (const [theme, count] of unit.themes) this.themeCount[theme]! += sign * count;
    for (const [cell, count] of unit.cells) this.cellCount[cell]! += sign * count;
    for (const family of unit.families)
      this.familyUse.set(family, (this.familyUse.get(family) ?? 0) + sign);
  }

  /**
   * The change in cost (seen questions, theme distance, clone families unused, recency,
   * difficulty distance) if `out` left and `into` came in, or undefined when a clone family would
   * be taken twice. The array is reused by the next call.
   */
  delta(out: ReadonlyArray<number>, into: ReadonlyArray<number>): number[] | undefined {
    const { units } = this;
    let families = false;
    for (const index of into) {
      for (const family of units[index]!.families) {
        families = true;
        let use = this.familyUse.get(family) ?? 0;
        for (const other of out) if (units[other]!.families.includes(family)) use -= 1;
        for (const other of into) if (units[other]!.families.includes(family)) use += 1;
        if (use > 1) return undefined;
      }
    }
    const { themeChange, cellChange, touchedThemes, touchedCells } = this;
    let seenQuestions = 0;
    let recency = 0;
    for (let k = 0; k < out.length + into.length; k++) {
      const sign = k < out.length ? -1 : 1;
      const unit = units[k < out.length ? out[k]! : into[k - out.length]!]!;
      if (unit.seenRank > 0) {
        seenQuestions += sign * unit.size;
        recency += sign * unit.size * unit.seenRank;
      }
      for (const [theme, count] of unit.themes) {
        touchedThemes.push(theme);
        themeChange[theme]! += sign * count;
      }
      for (const [cell, count] of unit.cells) {
        touchedCells.push(cell);
        cellChange[cell]! += sign * count;
      }
      if (unit.families.length > 0) families = true;
    }
    let themeDistance = 0;
    for (const theme of touchedThemes) {
      const before = this.themeCount[theme]! - this.quotas[theme]!;
      themeDistance += Math.abs(before + themeChange[theme]!) - Math.abs(before);
      themeChange[theme] = 0;
    }
    touchedThemes.length = 0;
    let cellDistance = 0;
    for (const cell of touchedCells) {
      const before = this.cellCount[cell]! - this.cellTargets[cell]!;
      cellDistance += Math.abs(before + cellChange[cell]!) - Math.abs(before);
      cellChange[cell] = 0;
    }
    touchedCells.length = 0;
    // Clone families left unused: the fewer the better, so families spread over a student's
    // exams (each may take one) and the next exams need not repeat a question.
    let familiesLeft = 0;
    if (families) {
      const uses = new Map<number | string, number>();
      const count = (index: number, sign: number) => {
        for (const family of units[index]!.families)
          uses.set(family, (uses.get(family) ?? this.familyUse.get(family) ?? 0) + sign);
      };
      for (const index of out) count(index, -1);
      for (const index of into) count(index, 1);
      for (const [family, use] of uses) {
        const before = (this.familyUse.get(family) ?? 0) > 0;
        if (before && use === 0) familiesLeft += 1;
        if (!before && use > 0) familiesLeft -= 1;
      }
    }
    const result = this.result;
    result[0] = seenQuestions;
    result[1] = themeDistance;
    result[2] = familiesLeft;
    result[3] = recency;
    result[4] = cellDistance;
    return result;
  }
}

/** Whether a change of cost (as `Draft.delta` gives it) is an improvement, part by part. */
function lowers(delta: ReadonlyArray<number>): boolean {
  for (const part of delta) {
    if (part < 0) return true;
    if (part > 0) return false;
  }
  return false;
}

/**
 * One exam of exactly `target` questions from `pool` (unit indices), with as many never seen
 * questions as whole units allow: a dynamic programme over the sums whole units make (one unit
 * per clone family group), walked back over the units in random order. Undefined when `target`
 * cannot be made.
 */
function sampleExam(
  draft: Draft,
  pool: ReadonlyArray<number>,
  target: number,
  random: Random,
): Draft | undefined {
  const { units } = draft;
  const order = shuffled(pool, random);
  const groups = familyGroups(units, order);
  const width = target + 1;
  // unseen[g][s]: the most questions never seen that the first g groups make s with; -1: none.
  const unseen = new Int32Array((groups.length + 1) * width).fill(-1);
  unseen[0] = 0;
  groups.forEach((group, g) => {
    const from = g * width;
    const to = from + width;
    unseen.copyWithin(to, from, to);
    for (const index of group) {
      const { size, seenRank } = units[index]!;
      const fresh = seenRank === 0 ? size : 0;
      for (let sum = size; sum <= target; sum++) {
        const before = unseen[from + sum - size]!;
        if (before >= 0 && before + fresh > unseen[to + sum]!) unseen[to + sum] = before + fresh;
      }
    }
  });
  let need = unseen[groups.length * width + target]!;
  if (need < 0) return undefined;
  // Walked back keeping the most unseen questions reachable; among the choices that keep it, a
  // unit is taken when it brings the themes, families and difficulties nearer their targets.
  const exam = new Draft(units, draft.quotas, draft.cellTargets);
  let left = target;
  for (let g = groups.length - 1; g >= 0; g--) {
    const before = g * width;
    const canSkip = unseen[before + left]! >= need;
    let best: number | undefined;
    let bestGain: number[] | undefined;
    for (const index of groups[g]!) {
      const { size, seenRank } = units[index]!;
      if (size > left) continue;
      const fresh = seenRank === 0 ? size : 0;
      const rest = unseen[before + left - size]!;
      if (rest < 0 || rest + fresh < need) continue;
      const delta = exam.delta([], [index])!;
      const gain = [delta[1]!, delta[2]!, delta[4]!];
      if (canSkip && !lowers(gain)) continue;
      if (bestGain === undefined || lowers(gain.map((part, i) => part - bestGain![i]!))) {
        best = index;
        bestGain = gain;
      }
    }
    if (best !== undefined) {
      exam.move(best, 1);
      left -= units[best]!.size;
      if (units[best]!.seenRank === 0) need -= units[best]!.size;
    }
  }
  return left === 0 ? exam : undefined;
}

/**
 * The units of a mock exam (see `selectMockExam`): the nearest whole number of questions to
 * `target`; units never seen first, then the least recently seen; when the exam is all unseen, the
 * rest of the unseen bank kept able to hold the next one or two exams; then the themes, recency
 * and difficulty as near their targets as exchanges of units of the same size reach.
 */
function chooseUnits(
  units: ReadonlyArray<Unit>,
  target: number,
  quotas: ReadonlyArray<number>,
  cellTargets: ReadonlyArray<number>,
  random: Random,
): Unit[] {
  const all = units.map((_, index) => index);
  // The whole bank may not make `target` exactly: then the nearest sum it makes (not none), fewer
  // on a tie.
  const allGroups = familyGroups(units, all);
  const longest = units.reduce((acc, unit) => Math.max(acc, unit.size), 0);
  const reachAll = reachTable(units, allGroups, target + longest);
  const row = allGroups.length * (target + longest + 1);
  let questions = 0;
  for (let distance = 0; distance <= target + longest; distance++) {
    if (target - distance > 0 && reachAll[row + target - distance]) {
      questions = target - distance;
      break;
    }
    if (reachAll[row + target + distance]) {
      questions = target + distance;
      break;
    }
  }
  if (questions === 0) return [];

  // The units it may use: never seen ones, then whole attempts' worth of seen ones, the least
  // recently seen first, until the count can be made.
  const ranks = [...new Set(units.map((unit) => unit.seenRank))].sort((a, b) => a - b);
  const empty = new Draft(units, quotas, cellTargets);
  let pool: number[] = [];
  let exam: Draft | undefined;
  for (const rank of ranks) {
    pool = all.filter((index) => units[index]!.seenRank <= rank);
    exam = sampleExam(empty, pool, questions, random);
    if (exam) break;
  }
  if (!exam) return [];

  // Look ahead: an exam all of unseen units leaves the rest able to hold the next exams unseen.
  let ahead = 0;
  let holds = (_draft: Draft, _exams: number) => true;
  if (ranks[0] === 0 && pool.every((index) => units[index]!.seenRank === 0)) {
    const unseenLeft = pool.reduce((acc, index) => acc + units[index]!.size, 0) - questions;
    const possible = Math.min(
      Math.floor(unseenLeft / questions),
      units.length <= SMALL_BANK_UNITS ? 2 : 1,
    );
    const poolGroups = familyGroups(units, pool);
    holds = (draft: Draft, exams: number) =>
      canHoldExams(units, poolGroups, draft.picked, questions, exams);
    search: for (let exams = possible; exams > 0; exams--) {
      let candidate: Draft | undefined = exam;
      for (let sample = 0; sample < LOOK_AHEAD_SAMPLES && candidate; sample++) {
        if (holds(candidate, exams)) {
          exam = candidate;
          ahead = exams;
          break search;
        }
        candidate = sampleExam(empty, pool, questions, random);
      }
    }
  }
  const keeps = (draft: Draft) => ahead === 0 || holds(draft, ahead);
  improve(exam, pool, random, keeps, false);
  // Small banks (reading texts) can be stuck where only exchanging several texts helps: a few
  // more starts, the best of them then tried with two-for-two exchanges too.
  if (pool.length <= SMALL_BANK_UNITS) {
    for (let start = 1; start < SMALL_BANK_STARTS; start++) {
      const other = sampleExam(empty, pool, questions, random);
      if (!other || !keeps(other)) continue;
      improve(other, pool, random, keeps, false);
      if (lowers(other.cost().map((part, index) => part - exam!.cost()[index]!))) exam = other;
    }
    improve(exam, pool, random, keeps, true);
  }
  return units.filter((_, index) => exam!.picked[index]);
}

/**
 * Local search on an exam: exchanges of units of the same total size (one for one, one for two,
 * two for one; in small banks, with `twoForTwo`, also two for two) that lower its cost, first improvement in random order, while
 * `keeps` holds (the look-ahead), until none is left or the budget ends.
 */
function improve(
  exam: Draft,
  pool: ReadonlyArray<number>,
  random: Random,
  keeps: (draft: Draft) => boolean,
  twoForTwo: boolean,
): void {
  const { units, picked } = exam;
  const budget = EVALUATIONS_PER_UNIT * Math.max(pool.length, 20);
  let evaluations = 0;
  const sizeOf = (indices: ReadonlyArray<number>) =>
    indices.reduce((acc, index) => acc + units[index]!.size, 0);
  /** Moves the look-ahead refused since the last accepted one: not measured again. */
  const refused = new Set<string>();
  const attempt = (out: number[], into: number[]): boolean => {
    if (sizeOf(out) !== sizeOf(into)) return false;
    evaluations += 1;
    const delta = exam.delta(out, into);
    if (!delta || !lowers(delta)) return false;
    const key = `${out.join(',')}>${into.join(',')}`;
    if (refused.has(key)) return false;
    for (const index of out) exam.move(index, -1);
    for (const index of into) exam.move(index, 1);
    // Units alone of the same sizes leave the rest of the bank the same sums: nothing to check.
    const same =
      out.length === into.length &&
      [...out, ...into].every((index) => units[index]!.families.length === 0) &&
      out
        .map((index) => units[index]!.size)
        .sort()
        .join() ===
        into
          .map((index) => units[index]!.size)
          .sort()
          .join();
    if (same || keeps(exam)) {
      refused.clear();
      return true;
    }
    for (const index of into) exam.move(index, -1);
    for (const index of out) exam.move(index, 1);
    refused.add(key);
    return false;
  };
  const small = pool.length <= SMALL_BANK_UNITS;
  /** Kinds of unit tried, coming in (`tried`) and leaving (`triedOut`): marked by `stamp`. */
  const kinds = units.reduce((acc, unit) => Math.max(acc, unit.kind + 1), 0);
  const tried = new Int32Array(kinds);
  const triedOut = new Int32Array(kinds);
  let stamp = 0;
  let improved = true;
  while (improved && evaluations < budget) {
    improved = false;
    const inside = shuffled(
      pool.filter((index) => picked[index]),
      random,
    );
    const outside = shuffled(
      pool.filter((index) => !picked[index]),
      random,
    );
    // One for one, trying one unit of each kind on each side until a move changes the exam.
    let outStamp = ++stamp;
    for (const out of inside) {
      if (!picked[out] || triedOut[units[out]!.kind] === outStamp) continue;
      triedOut[units[out]!.kind] = outStamp;
      const inStamp = ++stamp;
      for (const into of outside) {
        if (evaluations >= budget) return;
        const kind = units[into]!.kind;
        if (picked[into] || tried[kind] === inStamp) continue;
        tried[kind] = inStamp;
        if (attempt([out], [into])) {
          improved = true;
          outStamp = ++stamp;
          break;
        }
      }
    }
    // One for two and two for one; in a large bank among at most two units of each signature.
    const variety = (list: ReadonlyArray<number>) => {
      if (small) return list;
      const times = new Map<number, number>();
      return list.filter((index) => {
        const kind = units[index]!.kind;
        times.set(kind, (times.get(kind) ?? 0) + 1);
        return times.get(kind)! <= 2;
      });
    };
    // In a large bank (mostly questions alone) one for one moves suffice, but a seen text may
    // need two unseen questions for it.
    if (!small && exam.seenQuestions === 0) continue;
    const outsideKinds = variety(small ? outside : outside.filter((i) => !units[i]!.seenRank));
    const insideKinds = variety(inside);
    for (const out of inside) {
      if (units[out]!.size < 2 || (!small && !units[out]!.seenRank)) continue;
      for (let i = 0; i < outsideKinds.length; i++) {
        for (let j = i + 1; j < outsideKinds.length; j++) {
          const [a, b] = [outsideKinds[i]!, outsideKinds[j]!];
          if (units[a]!.size + units[b]!.size !== units[out]!.size) continue;
          if (evaluations >= budget) return;
          if (picked[out] && !picked[a] && !picked[b] && attempt([out], [a, b])) improved = true;
        }
      }
    }
    for (const into of outside) {
      if (units[into]!.size < 2 || (!small && units[into]!.seenRank)) continue;
      for (let i = 0; i < insideKinds.length; i++) {
        for (let j = i + 1; j < insideKinds.length; j++) {
          const [a, b] = [insideKinds[i]!, insideKinds[j]!];
          if (units[a]!.size + units[b]!.size !== units[into]!.size) continue;
          if (evaluations >= budget) return;
          if (picked[a] && picked[b] && !picked[into] && attempt([a, b], [into])) improved = true;
        }
      }
    }
    if (!small || !twoForTwo || improved) continue;
    // Two for two (reading texts), when nothing smaller helped.
    for (let i = 0; i < inside.length; i++) {
      for (let j = i + 1; j < inside.length; j++) {
        const [a, b] = [inside[i]!, inside[j]!];
        const size = units[a]!.size + units[b]!.size;
        for (let k = 0; k < outside.length; k++) {
          for (let l = k + 1; l < outside.length; l++) {
            const [c, d] = [outside[k]!, outside[l]!];
            if (units[c]!.size + units[d]!.size !== size) continue;
            if (evaluations >= budget) return;
            if (picked[a] && picked[b] && !picked[c] && !picked[d] && attempt([a, b], [c, d]))
              improved = true;
          }
        }
      }
    }
  }
}

/**
 * A theme's questions per difficulty (easy, medium, hard) for its `quota`: the `profile`'s
 * shares, each at most what the unseen questions of that difficulty can give every exam still
 * ahead (`perExam`; absent when the bank is seen through), the shortfall moved to the
 * difficulties that have more, in the profile's proportions. So a bank short of hard questions spreads them over a student's
 * exams instead of spending them all in the first.
 */
export function difficultyTargets(
  quota: number,
  profile: ReadonlyArray<number>,
  perExam?: ReadonlyArray<number>,
): number[] {
  const sum = profile.reduce((acc, share) => acc + share, 0);
  const ideal = profile.map((share) => (sum > 0 ? (quota * share) / sum : quota / profile.length));
  if (!perExam) return apportion(quota, ideal);
  const wanted = ideal.map((share, d) => Math.min(share, perExam[d]!));
  // The shortfall goes to the difficulties with questions to spare, in the profile's proportions.
  for (let round = 0; round < profile.length; round++) {
    const short = quota - wanted.reduce((acc, n) => acc + n, 0);
    const spare = wanted.map((n, d) => Math.max(0, perExam[d]! - n));
    const shares = profile.map((share, d) => (spare[d]! > 1e-9 ? share || 1 : 0));
    const sharesSum = shares.reduce((acc, n) => acc + n, 0);
    if (short <= 1e-9 || sharesSum === 0) break;
    wanted.forEach((_, d) => {
      wanted[d]! += Math.min(spare[d]!, (short * shares[d]!) / sharesSum);
    });
  }
  return apportion(quota, wanted.reduce((acc, n) => acc + n, 0) > 0 ? wanted : ideal);
}

/**
 * A mock exam built like the real form: the period's count split by the theme weights,
 * met over reading units (a context enters with all its questions, in bank order; a question
 * without one is a unit alone) as closely as whole units allow; units never seen first, then the
 * least recently seen (`seen`); at most one question per clone family; and, softly, the difficulty
 * `profile` (percent easy, medium, hard) within each theme, as far as the unseen questions hold it
 * for the exams still ahead (`difficultyTargets`). Units come in random order.
 */
export function selectMockExam(
  bank: ReadonlyArray<BankStem>,
  weights: ReadonlyArray<{ themeId: number; weight: number }>,
  count: number,
  random: Random,
  seen: SeenStems = new Map(),
  profile: ReadonlyArray<number> = MOCK_EXAM_DIFFICULTY_PROFILE,
): BankStem[] {
  const themeIndex = new Map(weights.map(({ themeId }, index) => [themeId, index]));
  const available = weights.map(() => 0);
  for (const stem of bank) {
    const index = themeIndex.get(stem.themeId);
    if (index !== undefined) available[index]! += 1;
  }
  const quotas = mockExamQuotas(
    count,
    weights.map(({ themeId, weight }, index) => ({
      themeId,
      weight,
      available: available[index]!,
    })),
  );
  const target = quotas.reduce((acc, quota) => acc + quota, 0);
  if (target === 0) return [];
  // The questions never seen, per theme and difficulty, spread over the exams they can still make.
  const unseen = quotas.map(() => [0, 0, 0]);
  let unseenTotal = 0;
  for (const stem of bank) {
    const index = themeIndex.get(stem.themeId);
    if (index === undefined || seen.has(stem.id)) continue;
    unseen[index]![(stem.difficulty ?? 2) - 1]! += 1;
    unseenTotal += 1;
  }
  const exams = Math.max(1, Math.floor(unseenTotal / target));
  const cellTargets = quotas.flatMap((quota, index) =>
    difficultyTargets(
      quota,
      profile,
      unseenTotal >= target ? unseen[index]!.map((n) => n / exams) : undefined,
    ),
  );
  const units = examUnits(bank, themeIndex, seen);
  const chosen = chooseUnits(units, target, quotas, cellTargets, random);
  return orderStems(
    chosen.flatMap((unit) => unit.stems),
    true,
    random,
  );
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
