import type {
  ApplicationEstimate,
  ScoreEstimate,
  SubjectEstimate,
} from '@ensaya/core/contracts/score-estimate';
import { PAES_APPLICATION_AVERAGE } from '@ensaya/core/engine/scoring';
import { roundTo } from '@ensaya/core/statistics/bell-curve';
import {
  averageEstimate,
  estimateSubject,
  INTERVAL_HIGH,
  INTERVAL_LOW,
  MIN_MOCK_EXAMS,
  POPULATION_PRIOR_MIN_STUDENTS,
  PRACTICE_WEIGHT,
  priorFor,
  scoreGrid,
  type AnswerCounts,
  type BetaParams,
  type GradeRow,
  type ThemeEvidence,
} from '@ensaya/core/statistics/score-estimate';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { StatisticsReadCache } from '../statistics/read-cache.ts';
import { studentsSpread, subjectExists } from '../statistics/repo.ts';
import * as repo from './repo.ts';

// The PAES score estimate (docs/score-estimate.md): the student's own aggregates, the subjects'
// grade tables and current periods, through core's Beta-Binomial model.

const NO_CACHE = new StatisticsReadCache({ ttlMs: 0 });
const NONE: AnswerCounts = { questions: 0, correct: 0 };

type Subject = Awaited<ReturnType<typeof repo.paesSubjects>>[number];

interface Evidence {
  mockExams: number;
  /** Answers of the first diagnostic, already moved from practice to `official`. */
  diagnosticQuestions: number;
  official: AnswerCounts;
  practice: AnswerCounts;
}

interface Computed {
  subject: Subject;
  response: SubjectEstimate;
  /** The posterior and scale, for the application average; null when insufficient. */
  model: { posterior: BetaParams; scoredItems: number; table: GradeRow[] } | null;
}

/** Of the elective themes (Ciencias), only the one the student has most answers in counts. */
function examThemes(
  weights: Array<{ themeId: number; name: string; weight: number; isElective: boolean }>,
  counts: Map<number, { official: AnswerCounts; practice: AnswerCounts }>,
): ThemeEvidence[] {
  const answered = (themeId: number) => {
    const entry = counts.get(themeId);
    return entry ? entry.official.questions + entry.practice.questions : 0;
  };
  const elective = weights
    .filter((theme) => theme.isElective && answered(theme.themeId) > 0)
    .sort((a, b) => answered(b.themeId) - answered(a.themeId))[0];
  return weights
    .filter((theme) => !theme.isElective || theme.themeId === elective?.themeId)
    .map((theme) => ({
      themeId: theme.themeId,
      name: theme.name,
      weight: theme.weight,
      official: counts.get(theme.themeId)?.official ?? NONE,
      practice: counts.get(theme.themeId)?.practice ?? NONE,
    }));
}

/** `counts` plus (`sign` 1) or minus (-1) `change`, never below zero. */
function moved(counts: AnswerCounts, change: AnswerCounts, sign: 1 | -1): AnswerCounts {
  return {
    questions: Math.max(0, counts.questions + sign * change.questions),
    correct: Math.max(0, counts.correct + sign * change.correct),
  };
}

const percent = (value: number) => roundTo(value * 100, 1);

async function estimateOne(
  db: DbOrTx,
  subject: Subject,
  evidence: Evidence,
  themeCounts: Map<number, { official: AnswerCounts; practice: AnswerCounts }>,
  cache: StatisticsReadCache,
): Promise<Computed> {
  const [table, period, spread] = await Promise.all([
    cache.read(`grade-table:${subject.id}`, () => repo.gradeTableOf(db, subject.id)),
    cache.read(`current-period:${subject.id}`, () => repo.currentPeriodOf(db, subject.id)),
    cache.read(`spread:${subject.id}:official`, () => studentsSpread(db, subject.id, 'official')),
  ]);
  const tableTop = table.at(-1)?.goodAnswersQuantity ?? 0;
  const scoredItems = Math.min(period?.scoredItems ?? tableTop, tableTop);
  const prior =
    spread.students >= POPULATION_PRIOR_MIN_STUDENTS ? priorFor(spread.mean / 100) : priorFor();
  const estimate = estimateSubject({
    official: evidence.official,
    practice: evidence.practice,
    // A first diagnostic is enough for a first estimate: its 15 answers give a wide interval.
    mockExams: evidence.mockExams + (evidence.diagnosticQuestions > 0 ? 1 : 0),
    scoredItems,
    gradeTable: table,
    prior,
    themes: period ? examThemes(period.weights, themeCounts) : [],
  });
  const response: SubjectEstimate = {
    subject_id: subject.id,
    name: subject.name,
    status: estimate ? 'ready' : 'insufficient',
    mock_exams_needed: estimate ? 0 : Math.max(1, MIN_MOCK_EXAMS - evidence.mockExams),
    mock_exams: evidence.mockExams,
    diagnostic_questions: evidence.diagnosticQuestions,
    official_questions: evidence.official.questions,
    practice_questions: evidence.practice.questions,
    effective_answers: roundTo(
      evidence.official.questions + PRACTICE_WEIGHT * evidence.practice.questions,
      1,
    ),
    scored_items: scoredItems,
    min_score: table[0]?.grade ?? 0,
    max_score: table.at(-1)?.grade ?? 0,
    in_application_average: subject.approvalRule === 'application_average',
    accuracy: estimate
      ? {
          low: percent(estimate.accuracy.low),
          mid: percent(estimate.accuracy.mid),
          high: percent(estimate.accuracy.high),
        }
      : null,
    score: estimate
      ? {
          low: Math.round(estimate.score.low),
          mid: Math.round(estimate.score.mid),
          high: Math.round(estimate.score.high),
        }
      : null,
    theme_gains: (estimate?.themeGains ?? []).map((gain) => ({
      theme_id: gain.themeId,
      name: gain.name,
      quota: gain.quota,
      accuracy: percent(gain.accuracy),
      target_accuracy: percent(gain.target),
      points: gain.points,
    })),
  };
  return {
    subject,
    response,
    model: estimate ? { posterior: estimate.posterior, scoredItems, table } : null,
  };
}

function application(computed: Computed[]): ApplicationEstimate | null {
  const tests = computed.filter((entry) => entry.subject.approvalRule === 'application_average');
  if (tests.length === 0) return null;
  const threshold =
    Math.max(...tests.map((entry) => entry.subject.approvalGrade)) || PAES_APPLICATION_AVERAGE;
  const missing = tests.filter((entry) => entry.model === null).map((entry) => entry.subject.name);
  const base = {
    threshold,
    subject_ids: tests.map((entry) => entry.subject.id),
    missing,
  };
  if (missing.length > 0 || tests.length !== 2) {
    return { ...base, status: 'insufficient', average: null, probability: null };
  }
  const [first, second] = tests.map(({ model }) =>
    scoreGrid(model!.posterior, model!.scoredItems, model!.table),
  );
  const result = averageEstimate(first!, second!, threshold);
  return {
    ...base,
    status: 'ready',
    average: {
      low: Math.round(result.average.low),
      mid: Math.round(result.average.mid),
      high: Math.round(result.average.high),
    },
    probability: roundTo(result.probability, 2),
  };
}

/**
 * `GET api/score-estimate`: the PAES tests the student has sent attempts of, plus the two of the
 * application average once there is any (so the page can say what is missing); with `subjectId`, that test
 * only (none when it is not a PAES test; 404 when it does not exist). The application average is
 * always computed.
 */
export async function scoreEstimate(
  db: DbOrTx,
  userId: number,
  subjectId: number | undefined,
  cache: StatisticsReadCache = NO_CACHE,
): Promise<ScoreEstimate> {
  if (subjectId !== undefined) {
    await cache.read(`subject:${subjectId}`, async () => {
      if (!(await subjectExists(db, subjectId))) throw new AppError(404, 'error.notFound');
      return true;
    });
  }
  const [catalog, subjectRows, diagnosticRows] = await Promise.all([
    cache.read('paes-subjects', () => repo.paesSubjects(db)),
    repo.ownSubjectCounts(db, userId),
    repo.ownDiagnostics(db, userId),
  ]);
  const evidence = new Map<number, Evidence>();
  for (const row of subjectRows) {
    const entry = evidence.get(row.subjectId) ?? {
      mockExams: 0,
      diagnosticQuestions: 0,
      official: { ...NONE },
      practice: { ...NONE },
    };
    if (row.type === 'official') {
      entry.mockExams += row.attempts;
      entry.official = { questions: row.questions, correct: row.correct };
    } else {
      entry.practice = { questions: row.questions, correct: row.correct };
    }
    evidence.set(row.subjectId, entry);
  }
  // The first diagnostic is a custom test in the aggregates, but it is drawn and timed
  // like an exam: its answers move from practice (weight 0.5) to exam evidence (weight 1).
  const diagnosticSubjects = new Set<number>();
  for (const row of diagnosticRows) {
    const entry = evidence.get(row.subjectId);
    if (!entry || diagnosticSubjects.has(row.subjectId)) continue;
    diagnosticSubjects.add(row.subjectId);
    entry.diagnosticQuestions = row.questions;
    entry.practice = moved(entry.practice, row, -1);
    entry.official = moved(entry.official, row, 1);
  }
  const hasAttempts = (id: number) => evidence.has(id);
  // The tests of the application average are listed once the student has any PAES attempt.
  const anyPaes = catalog.some((subject) => hasAttempts(subject.id));
  const shown = catalog.filter((subject) =>
    subjectId !== undefined
      ? subject.id === subjectId
      : hasAttempts(subject.id) || (anyPaes && subject.approvalRule === 'application_average'),
  );
  const needed = catalog.filter(
    (subject) => shown.includes(subject) || subject.approvalRule === 'application_average',
  );
  const themeRows = await repo.ownThemeCounts(
    db,
    userId,
    needed.filter((subject) => hasAttempts(subject.id)).map((subject) => subject.id),
  );
  const themeCounts = new Map<number, { official: AnswerCounts; practice: AnswerCounts }>();
  for (const row of themeRows) {
    const entry = themeCounts.get(row.themeId) ?? { official: NONE, practice: NONE };
    const counts = { questions: row.questions, correct: row.correct };
    themeCounts.set(
      row.themeId,
      row.type === 'official' ? { ...entry, official: counts } : { ...entry, practice: counts },
    );
  }
  for (const row of diagnosticRows) {
    if (row.themeId === null) continue;
    const entry = themeCounts.get(row.themeId);
    if (!entry) continue;
    const counts = { questions: Number(row.themeQuestions), correct: row.themeCorrect ?? 0 };
    themeCounts.set(row.themeId, {
      official: moved(entry.official, counts, 1),
      practice: moved(entry.practice, counts, -1),
    });
  }
  const computed = await Promise.all(
    needed.map((subject) =>
      estimateOne(
        db,
        subject,
        evidence.get(subject.id) ?? {
          mockExams: 0,
          diagnosticQuestions: 0,
          official: NONE,
          practice: NONE,
        },
        themeCounts,
        cache,
      ),
    ),
  );
  return {
    interval_percent: Math.round((INTERVAL_HIGH - INTERVAL_LOW) * 100),
    subjects: computed
      .filter((entry) => shown.includes(entry.subject))
      .map((entry) => entry.response),
    application: application(computed),
  };
}
