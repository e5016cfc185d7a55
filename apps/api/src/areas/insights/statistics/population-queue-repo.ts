import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../db/client.ts';
import { POPULATION_SHARDS, populationQueue } from '../../../db/schema/index.ts';

// The population queue's rows and the drain's statement (population-queue.ts says why the rows
// every student shares are changed through a queue).

/** Any constant shared by every instance: serialises drains. */
const DRAIN_LOCK_KEY = 7_347_120_014;
/** Queued attempts folded in per transaction. */
const DRAIN_BATCH = 1000;

/**
 * The student's shard: which of the `POPULATION_SHARDS` rows of each population their changes
 * go to, so that concurrent submits rarely wait for the same row.
 */
export const populationShardOf = (userId: number) => userId % POPULATION_SHARDS;

/** One population row's change: its key, the student's shard and the signed deltas. */
export type SubjectPopulationDelta = {
  subject_id: number;
  type: 'custom' | 'official' | 'all';
  shard: number;
  students: number;
  percentage: number;
  square: number;
};
export type ThemePopulationDelta = {
  theme_id: number;
  type: 'custom' | 'official' | 'all';
  shard: number;
  students: number;
  questions: number;
  correct: number;
  incorrect: number;
  unanswered: number;
  percentage: number;
};
export type PopulationChange = {
  /** 1 when an attempt is added, -1 when it is taken out (the stem counts). */
  sign: 1 | -1;
  subjects: SubjectPopulationDelta[];
  themes: ThemePopulationDelta[];
  answeredStemIds: number[];
  wrongStemIds: number[];
};

/** Queues an attempt's change to the shared rows, in the caller's transaction. */
export async function enqueuePopulationChange(tx: DbOrTx, change: PopulationChange): Promise<void> {
  await tx.insert(populationQueue).values(change);
}

/**
 * Folds up to `batch` queued changes into the shared rows, oldest first, and removes them, in one
 * transaction. Returns how many were folded in, or `null` when another drain holds the lock and
 * `wait` is false.
 */
export async function drainPopulationQueue(
  db: DbOrTx,
  options: { batch?: number; wait?: boolean } = {},
): Promise<number | null> {
  const batch = options.batch ?? DRAIN_BATCH;
  return db.transaction(async (tx) => {
    if (options.wait ?? true) {
      await tx.execute(sql`select pg_advisory_xact_lock(${DRAIN_LOCK_KEY})`);
    } else {
      const [row] = await rowsOf<{ locked: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(${DRAIN_LOCK_KEY}) as locked`),
      );
      if (!row?.locked) return null;
    }
    // One statement: take the batch out of the queue, sum its changes per shared row, update the
    // rows that exist and create those that do not (no other writer: the lock is held). The
    // clamps are those a submit applied when it wrote the rows itself.
    const [result] = rowsOf<{ drained: number }>(
      await tx.execute(sql`
        with batch as (
          delete from population_queue
          where id in (select id from population_queue order by id limit ${batch})
          returning sign, subjects, themes, answered_stem_ids, wrong_stem_ids
        ),
        subject_deltas as (
          select d.subject_id, d.type, d.shard, sum(d.students)::integer as students,
            sum(d.percentage) as percentage, sum(d.square) as square
          from batch, jsonb_to_recordset(batch.subjects) as d(subject_id integer, type text,
            shard smallint, students integer, percentage double precision, square double precision)
          group by d.subject_id, d.type, d.shard
        ),
        subjects_updated as (
          update subject_population_stats as p set
            students = greatest(0, p.students + d.students),
            percentage_sum = case when p.students + d.students <= 0 then 0
              else greatest(0, p.percentage_sum + d.percentage) end,
            percentage_square_sum = case when p.students + d.students <= 0 then 0
              else greatest(0, p.percentage_square_sum + d.square) end
          from subject_deltas as d
          where p.subject_id = d.subject_id and p.type = d.type and p.shard = d.shard
          returning p.subject_id, p.type, p.shard
        ),
        subjects_created as (
          insert into subject_population_stats
            (subject_id, type, shard, students, percentage_sum, percentage_square_sum)
          select d.subject_id, d.type, d.shard, greatest(0, d.students), greatest(0, d.percentage),
            greatest(0, d.square)
          from subject_deltas as d
          where not exists (select 1 from subject_population_stats as p
            where p.subject_id = d.subject_id and p.type = d.type and p.shard = d.shard)
          returning 1
        ),
        theme_deltas as (
          select d.theme_id, d.type, d.shard, sum(d.students)::integer as students,
            sum(d.questions)::bigint as questions, sum(d.correct)::bigint as correct,
            sum(d.incorrect)::bigint as incorrect, sum(d.unanswered)::bigint as unanswered,
            sum(d.percentage) as percentage
          from batch, jsonb_to_recordset(batch.themes) as d(theme_id integer, type text,
            shard smallint, students integer, questions integer, correct integer,
            incorrect integer, unanswered integer, percentage double precision)
          -- A theme deleted since: its population rows went with it.
          where exists (select 1 from themes where themes.id = d.theme_id)
          group by d.theme_id, d.type, d.shard
        ),
        themes_updated as (
          update theme_population_stats as p set
            students = greatest(0, p.students + d.students),
            questions = greatest(0, p.questions + d.questions),
            correct = greatest(0, p.correct + d.correct),
            incorrect = greatest(0, p.incorrect + d.incorrect),
            unanswered = greatest(0, p.unanswered + d.unanswered),
            percentage_sum = case when p.students + d.students <= 0 then 0
              else greatest(0, p.percentage_sum + d.percentage) end
          from theme_deltas as d
          where p.theme_id = d.theme_id and p.type = d.type and p.shard = d.shard
          returning 1
        ),
        themes_created as (
          insert into theme_population_stats
            (theme_id, type, shard, students, questions, correct, incorrect, unanswered,
             percentage_sum)
          select d.theme_id, d.type, d.shard, greatest(0, d.students), greatest(0, d.questions),
            greatest(0, d.correct), greatest(0, d.incorrect), greatest(0, d.unanswered),
            greatest(0, d.percentage)
          from theme_deltas as d
          where not exists (select 1 from theme_population_stats as p
            where p.theme_id = d.theme_id and p.type = d.type and p.shard = d.shard)
          returning 1
        ),
        stem_deltas as (
          select s.stem_id, stems.subject_id, sum(s.answered)::integer as answered,
            sum(s.wrong)::integer as wrong
          from (
            select a.stem_id, batch.sign as answered, 0 as wrong
            from batch, unnest(batch.answered_stem_ids) as a(stem_id)
            union all
            select w.stem_id, 0, batch.sign
            from batch, unnest(batch.wrong_stem_ids) as w(stem_id)
          ) as s
          -- A question deleted since: its stem_stats row went with it.
          join stems on stems.id = s.stem_id
          group by s.stem_id, stems.subject_id
        ),
        stems_updated as (
          update stem_stats set
            answered = greatest(0, stem_stats.answered + d.answered),
            wrong = least(greatest(0, stem_stats.answered + d.answered),
              greatest(0, stem_stats.wrong + d.wrong))
          from stem_deltas as d
          where stem_stats.stem_id = d.stem_id
          returning 1
        ),
        stems_created as (
          insert into stem_stats (stem_id, subject_id, answered, wrong)
          select d.stem_id, d.subject_id, greatest(0, d.answered),
            least(greatest(0, d.answered), greatest(0, d.wrong))
          from stem_deltas as d
          where not exists (select 1 from stem_stats where stem_stats.stem_id = d.stem_id)
          returning 1
        )
        select (select count(*) from batch)::integer as drained
      `),
    );
    return result?.drained ?? 0;
  });
}

/** Whether any change waits in the queue. */
export async function hasQueued(db: DbOrTx): Promise<boolean> {
  const rows = rowsOf<{ queued: boolean }>(
    await db.execute(sql`select exists (select 1 from population_queue) as queued`),
  );
  return rows[0]?.queued ?? false;
}
