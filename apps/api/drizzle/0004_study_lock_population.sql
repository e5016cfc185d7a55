ALTER TABLE "user_test_stems" ADD COLUMN "revealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_tests" ADD COLUMN "counts_for_population" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_subject_stats" ADD COLUMN "excluded_questions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_subject_stats" ADD COLUMN "excluded_correct" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_theme_stats" ADD COLUMN "excluded_questions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_theme_stats" ADD COLUMN "excluded_correct" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_theme_stats" ADD COLUMN "excluded_incorrect" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_theme_stats" ADD COLUMN "excluded_unanswered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "user_test_stems" SET "revealed_at" = coalesce("user_test_stems"."answered_at", now())
FROM "user_tests"
WHERE "user_tests"."id" = "user_test_stems"."user_test_id" AND "user_tests"."user_id" = "user_test_stems"."user_id"
  AND "user_tests"."status" = 'in_progress' AND ("user_tests"."configuration"->>'study_mode') = 'true'
  AND cardinality("user_test_stems"."chosen_choice_ids") > 0;
--> statement-breakpoint
UPDATE "user_tests" SET "counts_for_population" = false
WHERE "mode" = 'historical'
  OR ("mode" = 'wrong_answers' AND coalesce("configuration"->>'wrong_source', 'own') <> 'general')
  OR "user_id" IN (SELECT "id" FROM "users" WHERE cardinality("permissions") > 0);
--> statement-breakpoint
UPDATE "user_subject_stats" SET
  "excluded_questions" = least("user_subject_stats"."questions", "x"."questions"),
  "excluded_correct" = least("user_subject_stats"."correct", "x"."correct")
FROM (
  SELECT "user_id", "subject_id", "type", sum("total_test_stems") AS "questions", sum("total_correct") AS "correct"
  FROM "user_tests" WHERE "status" = 'submitted' AND NOT "counts_for_population"
  GROUP BY "user_id", "subject_id", "type"
) AS "x"
WHERE "user_subject_stats"."user_id" = "x"."user_id" AND "user_subject_stats"."subject_id" = "x"."subject_id"
  AND "user_subject_stats"."type" = "x"."type";
--> statement-breakpoint
UPDATE "user_theme_stats" SET
  "excluded_questions" = least("user_theme_stats"."questions", "x"."questions"),
  "excluded_correct" = least("user_theme_stats"."correct", "x"."correct"),
  "excluded_incorrect" = least("user_theme_stats"."incorrect", "x"."incorrect"),
  "excluded_unanswered" = least("user_theme_stats"."unanswered", "x"."unanswered")
FROM (
  SELECT "utt"."user_id", "utt"."theme_id", "ut"."type",
    sum("utt"."correct" + "utt"."incorrect" + "utt"."unanswered") AS "questions",
    sum("utt"."correct") AS "correct", sum("utt"."incorrect") AS "incorrect", sum("utt"."unanswered") AS "unanswered"
  FROM "user_test_themes" AS "utt"
  JOIN "user_tests" AS "ut" ON "ut"."id" = "utt"."user_test_id" AND "ut"."user_id" = "utt"."user_id"
  WHERE "ut"."status" = 'submitted' AND NOT "ut"."counts_for_population"
  GROUP BY "utt"."user_id", "utt"."theme_id", "ut"."type"
) AS "x"
WHERE "user_theme_stats"."user_id" = "x"."user_id" AND "user_theme_stats"."theme_id" = "x"."theme_id"
  AND "user_theme_stats"."type" = "x"."type";
--> statement-breakpoint
UPDATE "stem_stats" SET
  "answered" = greatest(0, "stem_stats"."answered" - "x"."answered"),
  "wrong" = least(greatest(0, "stem_stats"."answered" - "x"."answered"), greatest(0, "stem_stats"."wrong" - "x"."wrong"))
FROM (
  SELECT "uts"."stem_id",
    count(*) FILTER (WHERE cardinality("uts"."chosen_choice_ids") > 0) AS "answered",
    count(*) FILTER (WHERE cardinality("uts"."chosen_choice_ids") > 0 AND "uts"."is_correct" IS NOT TRUE) AS "wrong"
  FROM "user_test_stems" AS "uts"
  JOIN "user_tests" AS "ut" ON "ut"."id" = "uts"."user_test_id" AND "ut"."user_id" = "uts"."user_id"
  WHERE "ut"."status" = 'submitted' AND NOT "ut"."counts_for_population"
  GROUP BY "uts"."stem_id"
) AS "x"
WHERE "stem_stats"."stem_id" = "x"."stem_id";
--> statement-breakpoint
DELETE FROM "subject_population_stats";
--> statement-breakpoint
INSERT INTO "subject_population_stats" ("subject_id", "type", "shard", "students", "percentage_sum", "percentage_square_sum")
SELECT "subject_id", "type", ("user_id" % 8)::smallint, count(*), sum("p"), sum("p" * "p")
FROM (
  SELECT "user_id", "subject_id", "type", sum("correct") * 100.0 / sum("questions") AS "p"
  FROM (
    SELECT "user_id", "subject_id", "type", "correct" - "excluded_correct" AS "correct", "questions" - "excluded_questions" AS "questions" FROM "user_subject_stats"
    UNION ALL SELECT "user_id", "subject_id", 'all', "correct" - "excluded_correct", "questions" - "excluded_questions" FROM "user_subject_stats"
    UNION ALL SELECT "user_id", 0, "type", "correct" - "excluded_correct", "questions" - "excluded_questions" FROM "user_subject_stats"
    UNION ALL SELECT "user_id", 0, 'all', "correct" - "excluded_correct", "questions" - "excluded_questions" FROM "user_subject_stats"
  ) AS "scoped"
  GROUP BY "user_id", "subject_id", "type"
  HAVING sum("questions") > 0
) AS "per_student"
GROUP BY "subject_id", "type", ("user_id" % 8);
--> statement-breakpoint
DELETE FROM "theme_population_stats";
--> statement-breakpoint
INSERT INTO "theme_population_stats" ("theme_id", "type", "shard", "students", "questions", "correct", "incorrect", "unanswered", "percentage_sum")
SELECT "theme_id", "type", ("user_id" % 8)::smallint, count(*), sum("questions"), sum("correct"), sum("incorrect"), sum("unanswered"), sum("correct" * 100.0 / "questions")
FROM (
  SELECT "user_id", "theme_id", "type", sum("questions") AS "questions", sum("correct") AS "correct", sum("incorrect") AS "incorrect", sum("unanswered") AS "unanswered"
  FROM (
    SELECT "user_id", "theme_id", "type", "questions" - "excluded_questions" AS "questions", "correct" - "excluded_correct" AS "correct", "incorrect" - "excluded_incorrect" AS "incorrect", "unanswered" - "excluded_unanswered" AS "unanswered" FROM "user_theme_stats"
    UNION ALL SELECT "user_id", "theme_id", 'all', "questions" - "excluded_questions", "correct" - "excluded_correct", "incorrect" - "excluded_incorrect", "unanswered" - "excluded_unanswered" FROM "user_theme_stats"
  ) AS "scoped"
  GROUP BY "user_id", "theme_id", "type"
  HAVING sum("questions") > 0
) AS "per_student"
GROUP BY "theme_id", "type", ("user_id" % 8);
