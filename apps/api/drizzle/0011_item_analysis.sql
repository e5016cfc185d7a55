-- Item analysis for authors: per question and period (the attempt's period),
-- counts and running sums kept by a job, so the back office never scans attempts to show them.
-- A submitted attempt enters `item_stats_queue` (a trigger, whatever wrote it: the submit, the
-- sweeper, the seed); the job folds queued attempts in with `item_stats_add(ids, 1)` and removes
-- them in the same transaction. Deleting an attempt already folded in takes it out again
-- (`item_stats_add(ids, -1)`, before its answers go), so the sums always equal a recomputation.
CREATE TABLE "item_stats" (
	"period_id" integer NOT NULL,
	"stem_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"unanswered" integer DEFAULT 0 NOT NULL,
	"mock_n" integer DEFAULT 0 NOT NULL,
	"mock_sum_x" bigint DEFAULT 0 NOT NULL,
	"mock_sum_y" bigint DEFAULT 0 NOT NULL,
	"mock_sum_xy" bigint DEFAULT 0 NOT NULL,
	"mock_sum_y2" bigint DEFAULT 0 NOT NULL,
	"time_n" integer DEFAULT 0 NOT NULL,
	"time_sum_seconds" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_stats_pkey" PRIMARY KEY("period_id","stem_id")
);
--> statement-breakpoint
ALTER TABLE "item_stats" ADD CONSTRAINT "item_stats_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "item_stats" ADD CONSTRAINT "item_stats_stem_id_stems_id_fk" FOREIGN KEY ("stem_id") REFERENCES "public"."stems"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "item_stats" ADD CONSTRAINT "item_stats_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "item_stats_stem_id_idx" ON "item_stats" USING btree ("stem_id");
--> statement-breakpoint
CREATE TABLE "item_choice_stats" (
	"period_id" integer NOT NULL,
	"stem_id" integer NOT NULL,
	"choice_id" integer NOT NULL,
	"chosen" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_choice_stats_pkey" PRIMARY KEY("period_id","stem_id","choice_id")
);
--> statement-breakpoint
ALTER TABLE "item_choice_stats" ADD CONSTRAINT "item_choice_stats_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "item_choice_stats" ADD CONSTRAINT "item_choice_stats_stem_id_stems_id_fk" FOREIGN KEY ("stem_id") REFERENCES "public"."stems"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "item_choice_stats" ADD CONSTRAINT "item_choice_stats_choice_id_stem_choices_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."stem_choices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "item_choice_stats_choice_id_idx" ON "item_choice_stats" USING btree ("choice_id");
--> statement-breakpoint
CREATE TABLE "item_stats_queue" (
	"user_test_id" bigint PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_stats_queue" ADD CONSTRAINT "item_stats_queue_user_test_id_user_tests_id_fk" FOREIGN KEY ("user_test_id") REFERENCES "public"."user_tests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- What the given attempts add (direction 1) or take out (-1). An attempt counts when it is
-- submitted, enters the comparison with all students (its keys were not seen before) and is not
-- a wrong-answers drill (a sample of questions the student failed before). Discrimination sums
-- come from mock exams only: x is the item's score, y the attempt's scored correct answers
-- without this item (a pilot item is not in total_correct, so y is total_correct for it).
-- Time per question is approximate, as the app stores only when each answer was last saved
-- (`answered_at`): the time from the attempt's previous save (or from its begin, for the first)
-- to this one, in whole seconds, capped at 30 minutes (a tab left open does not skew the mean);
-- only answered questions with a save time count (time_n answers, time_sum_seconds in all).
CREATE FUNCTION "item_stats_add"(attempt_ids bigint[], direction integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "item_stats" AS s ("period_id", "stem_id", "subject_id", "attempts", "correct",
      "unanswered", "mock_n", "mock_sum_x", "mock_sum_y", "mock_sum_xy", "mock_sum_y2", "time_n",
      "time_sum_seconds")
  SELECT a."period_id", a."stem_id", a."subject_id",
    direction * count(*),
    direction * count(*) FILTER (WHERE a.x = 1),
    direction * count(*) FILTER (WHERE a.is_unanswered),
    direction * count(*) FILTER (WHERE a.is_mock),
    direction * coalesce(sum(a.x) FILTER (WHERE a.is_mock), 0),
    direction * coalesce(sum(a.y) FILTER (WHERE a.is_mock), 0),
    direction * coalesce(sum(a.x * a.y) FILTER (WHERE a.is_mock), 0),
    direction * coalesce(sum(a.y * a.y) FILTER (WHERE a.is_mock), 0),
    direction * count(a.seconds),
    direction * coalesce(sum(a.seconds), 0)
  FROM (
    SELECT t."period_id", t."subject_id", uts."stem_id",
      t."mode" = 'mock_exam' AS is_mock,
      cardinality(uts."chosen_choice_ids") = 0 AS is_unanswered,
      CASE WHEN uts."is_correct" THEN 1 ELSE 0 END AS x,
      t."total_correct" - CASE WHEN uts."is_correct" AND NOT uts."is_pilot" THEN 1 ELSE 0 END AS y,
      CASE WHEN cardinality(uts."chosen_choice_ids") > 0 AND uts."answered_at" IS NOT NULL THEN
        least(1800, greatest(0, round(extract(epoch FROM uts."answered_at" - coalesce(
          lag(uts."answered_at") OVER (PARTITION BY t."id"
            ORDER BY uts."answered_at", uts."position"),
          t."begun_at", t."started_at")))))::bigint
      END AS seconds
    FROM "user_tests" t
    JOIN "user_test_stems" uts ON uts."user_test_id" = t."id" AND uts."user_id" = t."user_id"
    WHERE t."id" = ANY(attempt_ids) AND t."status" = 'submitted' AND t."counts_for_population"
      AND t."mode" <> 'wrong_answers'
  ) a
  GROUP BY a."period_id", a."stem_id", a."subject_id"
  ON CONFLICT ("period_id", "stem_id") DO UPDATE SET
    "attempts" = s."attempts" + excluded."attempts",
    "correct" = s."correct" + excluded."correct",
    "unanswered" = s."unanswered" + excluded."unanswered",
    "mock_n" = s."mock_n" + excluded."mock_n",
    "mock_sum_x" = s."mock_sum_x" + excluded."mock_sum_x",
    "mock_sum_y" = s."mock_sum_y" + excluded."mock_sum_y",
    "mock_sum_xy" = s."mock_sum_xy" + excluded."mock_sum_xy",
    "mock_sum_y2" = s."mock_sum_y2" + excluded."mock_sum_y2",
    "time_n" = s."time_n" + excluded."time_n",
    "time_sum_seconds" = s."time_sum_seconds" + excluded."time_sum_seconds",
    "updated_at" = now();
  INSERT INTO "item_choice_stats" AS c ("period_id", "stem_id", "choice_id", "chosen")
  SELECT t."period_id", uts."stem_id", ch."id", direction * count(*)
  FROM "user_tests" t
  JOIN "user_test_stems" uts ON uts."user_test_id" = t."id" AND uts."user_id" = t."user_id"
  CROSS JOIN LATERAL unnest(uts."chosen_choice_ids") AS picked(choice_id)
  JOIN "stem_choices" ch ON ch."id" = picked.choice_id AND ch."stem_id" = uts."stem_id"
  WHERE t."id" = ANY(attempt_ids) AND t."status" = 'submitted' AND t."counts_for_population"
    AND t."mode" <> 'wrong_answers'
  GROUP BY t."period_id", uts."stem_id", ch."id"
  ON CONFLICT ("period_id", "stem_id", "choice_id") DO UPDATE SET
    "chosen" = c."chosen" + excluded."chosen";
$$;
--> statement-breakpoint
CREATE FUNCTION "user_tests_item_stats_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'submitted' AND (TG_OP = 'INSERT' OR OLD."status" IS DISTINCT FROM 'submitted') THEN
    INSERT INTO "item_stats_queue" ("user_test_id") VALUES (NEW."id") ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "user_tests_item_stats_enqueue" AFTER INSERT OR UPDATE OF "status" ON "user_tests"
  FOR EACH ROW EXECUTE FUNCTION "user_tests_item_stats_enqueue"();
--> statement-breakpoint
-- An attempt deleted after the job folded it in is taken out (its answers are still there before
-- the delete cascades). One still queued leaves the queue by the foreign key. Locking the queue
-- row first waits for a job folding it in right now, so the check sees its outcome.
CREATE FUNCTION "user_tests_item_stats_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" = 'submitted' THEN
    PERFORM 1 FROM "item_stats_queue" WHERE "user_test_id" = OLD."id" FOR UPDATE;
    IF NOT FOUND THEN
      PERFORM "item_stats_add"(ARRAY[OLD."id"], -1);
    END IF;
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "user_tests_item_stats_forget" BEFORE DELETE ON "user_tests"
  FOR EACH ROW EXECUTE FUNCTION "user_tests_item_stats_forget"();
--> statement-breakpoint
-- Attempts submitted before this migration: the job folds them in, in batches.
INSERT INTO "item_stats_queue" ("user_test_id")
  SELECT "id" FROM "user_tests" WHERE "status" = 'submitted';
