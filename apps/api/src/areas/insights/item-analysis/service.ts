import type {
  ItemAnalysisDetail,
  ItemAnalysisList,
  ItemAnalysisQuery,
  ItemAnalysisRow,
} from '@ensaya/core/contracts/item-analysis';
import { ITEM_FLAG_MIN_N, itemFigures } from '@ensaya/core/statistics/item-analysis';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import { pendingAttempts } from './item-stats-repo.ts';
import * as repo from './repo.ts';

const EXCERPT_LENGTH = 140;
const COMMENTS_SHOWN = 100;

/** TeX as it reads in plain text: `\frac{a}{b}` as a/b, commands dropped, delimiters gone. */
function plainTex(source: string): string {
  let text = source.replace(/\\[()[\]]/g, '');
  for (let i = 0; i < 4; i++) {
    text = text.replace(/([_^])\{([^{}]*)\}/g, '$1$2');
    text = text.replace(/\\[dt]?frac\{([^{}]*)\}\{([^{}]*)\}/g, '$1/$2');
  }
  return text
    .replace(/\\(cdot|times)/g, '·')
    .replace(/\\(left|right|displaystyle)/g, '')
    .replace(/\\[,;:! ]/g, ' ')
    .replace(/\\([a-zA-Z]+)/g, '$1')
    .replace(/[{}]/g, '');
}

/** The statement's source as plain text (rendered as text by the page, never as HTML). */
export function excerptOf(source: string): string {
  const text = plainTex(source.replace(/<[^>]*>/g, ' '))
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
}

/** The period, or 404. */
export async function findPeriod(db: Db, periodId: number) {
  const period = await repo.findPeriod(db, periodId);
  if (!period) throw notFound();
  return period;
}

type StemRow = {
  id: number;
  stemNumber: number;
  themeName: string;
  statementSource: string;
  isActive: boolean;
};
type ChoiceRow = { id: number; stemId: number; position: number; isCorrect: boolean };

/** One question's figures from its rows (no stats row: never in a counted attempt). */
function rowOf(
  stem: StemRow,
  stats: repo.StatsRow | undefined,
  choices: ChoiceRow[],
  chosenById: Map<number, number>,
  comments: number,
): ItemAnalysisRow {
  const counts = {
    attempts: stats?.attempts ?? 0,
    correct: stats?.correct ?? 0,
    unanswered: stats?.unanswered ?? 0,
    mock: {
      n: stats?.mockN ?? 0,
      sumX: stats?.mockSumX ?? 0,
      sumY: stats?.mockSumY ?? 0,
      sumXY: stats?.mockSumXY ?? 0,
      sumY2: stats?.mockSumY2 ?? 0,
    },
    time: { n: stats?.timeN ?? 0, sumSeconds: stats?.timeSumSeconds ?? 0 },
    choices: choices.map((choice) => ({
      choiceId: choice.id,
      isCorrect: choice.isCorrect,
      chosen: chosenById.get(choice.id) ?? 0,
    })),
  };
  const figures = itemFigures(counts);
  return {
    stem_id: stem.id,
    stem_number: stem.stemNumber,
    theme_name: stem.themeName,
    excerpt: excerptOf(stem.statementSource),
    is_active: stem.isActive,
    attempts: counts.attempts,
    correct: counts.correct,
    unanswered: counts.unanswered,
    facility: figures.facility,
    discrimination: figures.discrimination,
    discrimination_n: counts.mock.n,
    average_seconds: figures.averageSeconds,
    choices: choices.map((choice, index) => ({
      choice_id: choice.id,
      position: choice.position,
      is_correct: choice.isCorrect,
      chosen: counts.choices[index]!.chosen,
      share: figures.shares[index]!.share,
    })),
    comments,
    flags: figures.flags,
  };
}

/** Nulls sort last whatever the order. */
function compareNullable(a: number | null, b: number | null, direction: number) {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a - b) * direction;
}

const sortValue: Record<ItemAnalysisQuery['sort'], (row: ItemAnalysisRow) => number | null> = {
  stem_number: (row) => row.stem_number,
  attempts: (row) => row.attempts,
  facility: (row) => row.facility,
  discrimination: (row) => row.discrimination,
  average_seconds: (row) => row.average_seconds,
  flags: (row) => row.flags.length,
  comments: (row) => row.comments,
};

/**
 * `GET /api/admin/item-analysis`: every question of the period's subject with its figures in the
 * period. Reads the period's aggregate rows and the subject's questions (bounded by the bank's
 * size, whatever the number of attempts), then sorts, filters and pages them here.
 */
export async function listItemAnalysis(
  db: Db,
  query: ItemAnalysisQuery,
): Promise<ItemAnalysisList> {
  const period = await findPeriod(db, query.period_id);
  const [stemRows, statsRows, choiceRows, chosenRows, commentRows, pending] = await Promise.all([
    repo.listSubjectStems(db, period.subjectId),
    repo.listPeriodStats(db, period.id),
    repo.listSubjectChoices(db, period.subjectId),
    repo.listPeriodChoiceCounts(db, period.id),
    repo.countCommentsByStem(db, period.subjectId),
    pendingAttempts(db),
  ]);
  const statsByStem = new Map(statsRows.map((row) => [row.stemId, row]));
  const chosenById = new Map(chosenRows.map((row) => [row.choiceId, row.chosen]));
  const commentsByStem = new Map(commentRows.map((row) => [row.stemId, Number(row.n)]));
  const choicesByStem = new Map<number, ChoiceRow[]>();
  for (const choice of choiceRows) {
    const list = choicesByStem.get(choice.stemId) ?? [];
    list.push(choice);
    choicesByStem.set(choice.stemId, list);
  }
  let rows = stemRows.map((stem) =>
    rowOf(
      stem,
      statsByStem.get(stem.id),
      choicesByStem.get(stem.id) ?? [],
      chosenById,
      commentsByStem.get(stem.id) ?? 0,
    ),
  );
  if (query.flagged) rows = rows.filter((row) => row.flags.length > 0);
  const direction = query.order === 'desc' ? -1 : 1;
  const value = sortValue[query.sort];
  rows.sort(
    (a, b) => compareNullable(value(a), value(b), direction) || a.stem_number - b.stem_number,
  );
  const offset = (query.page - 1) * query.per_page;
  const updatedAt = statsRows.reduce<Date | null>(
    (latest, row) => (latest && latest >= row.updatedAt ? latest : row.updatedAt),
    null,
  );
  return {
    data: rows.slice(offset, offset + query.per_page),
    meta: {
      page: query.page,
      per_page: query.per_page,
      total: rows.length,
      subject_id: period.subjectId,
      min_n: ITEM_FLAG_MIN_N,
      pending_attempts: pending,
      updated_at: updatedAt?.toISOString() ?? null,
    },
  };
}

/** `GET /api/admin/item-analysis/{stem_id}?period_id=`: one question with its options and comments. */
export async function itemAnalysisDetail(
  db: Db,
  stemId: number,
  periodId: number,
): Promise<ItemAnalysisDetail> {
  const period = await findPeriod(db, periodId);
  const stem = await repo.findSubjectStem(db, stemId, period.subjectId);
  if (!stem) throw notFound();
  const [stats, choices, chosenRows, comments] = await Promise.all([
    repo.listStemStats(db, period.id, stem.id),
    repo.listStemChoices(db, stem.id),
    repo.listStemChoiceCounts(db, period.id, stem.id),
    repo.listStemComments(db, stem.id),
  ]);
  const row = rowOf(
    stem,
    stats[0],
    choices,
    new Map(chosenRows.map((chosen) => [chosen.choiceId, chosen.chosen])),
    comments.length,
  );
  return {
    ...row,
    period_id: period.id,
    subject_id: period.subjectId,
    statement_html: stem.statementHtml,
    choices: row.choices.map((choice, index) => ({
      ...choice,
      body_html: choices[index]!.bodyHtml,
    })),
    comment_list: comments.slice(0, COMMENTS_SHOWN).map((comment) => ({
      id: comment.id,
      comment: comment.comment,
      created_at: comment.createdAt.toISOString(),
      resolved_at: comment.resolvedAt?.toISOString() ?? null,
    })),
  };
}
