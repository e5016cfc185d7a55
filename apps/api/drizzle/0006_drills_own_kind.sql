-- Wrong-answers drills become their own kind in the statistics and leave the comparison
-- with all students (core countsForPopulation). First take the drills that counted (everyone's most
-- failed questions) out of the most-failed counts, then mark them as not counting.
UPDATE "stem_stats" SET
  "answered" = greatest(0, "stem_stats"."answered" - "x"."answered"),
  "wrong" = least(greatest(0, "stem_stats"."answered" - "x"."answered"), greatest(0, "stem_stats"."wrong" - "x"."wrong"))
FROM (
  SELECT "uts"."stem_id",
    count(*) FILTER (WHERE cardinality("uts"."chosen_choice_ids") > 0) AS "answered",
    count(*) FILTER (WHERE cardinality("uts"."chosen_choice_ids") > 0 AND "uts"."is_correct" IS NOT TRUE) AS "wrong"
  FROM "user_test_stems" AS "uts"
  JOIN "user_tests" AS "ut" ON "ut"."id" = "uts"."user_test_id" AND "ut"."user_id" = "uts"."user_id"
  WHERE "ut"."status" = 'submitted' AND "ut"."counts_for_population" AND "ut"."mode" = 'wrong_answers'
  GROUP BY "uts"."stem_id"
) AS "x"
WHERE "stem_stats"."stem_id" = "x"."stem_id";
--> statement-breakpoint
UPDATE "user_tests" SET "counts_for_population" = false WHERE "mode" = 'wrong_answers' AND "counts_for_population";
--> statement-breakpoint
-- The students who sent a drill get their own aggregate rows rebuilt from their attempts, keyed by
-- kind: custom, official, or wrong_answers.
CREATE TEMPORARY TABLE "drill_students" AS
  SELECT DISTINCT "user_id" FROM "user_tests" WHERE "mode" = 'wrong_answers' AND "status" = 'submitted';
--> statement-breakpoint
DELETE FROM "user_subject_stats" WHERE "user_id" IN (SELECT "user_id" FROM "drill_students");
--> statement-breakpoint
INSERT INTO "user_subject_stats" ("user_id", "subject_id", "type", "attempts", "questions", "correct", "incorrect", "unanswered", "score_sum", "percentage_sum", "passed_count", "last_attempt_at", "excluded_questions", "excluded_correct")
SELECT "user_id", "subject_id", CASE WHEN "mode" = 'wrong_answers' THEN 'wrong_answers' ELSE "type" END,
  count(*), sum("total_test_stems"), sum("total_correct"), sum("total_incorrect"), sum("total_unanswered"),
  sum(coalesce("score", 0)),
  sum(CASE WHEN "total_test_stems" = 0 THEN 0 ELSE "total_correct" * 100.0 / "total_test_stems" END),
  count(*) FILTER (WHERE "passed"), max("submitted_at"),
  coalesce(sum("total_test_stems") FILTER (WHERE NOT "counts_for_population"), 0),
  coalesce(sum("total_correct") FILTER (WHERE NOT "counts_for_population"), 0)
FROM "user_tests"
WHERE "status" = 'submitted' AND "user_id" IN (SELECT "user_id" FROM "drill_students")
GROUP BY "user_id", "subject_id", CASE WHEN "mode" = 'wrong_answers' THEN 'wrong_answers' ELSE "type" END;
--> statement-breakpoint
DELETE FROM "user_theme_stats" WHERE "user_id" IN (SELECT "user_id" FROM "drill_students");
--> statement-breakpoint
INSERT INTO "user_theme_stats" ("user_id", "theme_id", "type", "subject_id", "questions", "correct", "incorrect", "unanswered", "excluded_questions", "excluded_correct", "excluded_incorrect", "excluded_unanswered")
SELECT "utt"."user_id", "utt"."theme_id", CASE WHEN "ut"."mode" = 'wrong_answers' THEN 'wrong_answers' ELSE "ut"."type" END, min("ut"."subject_id"),
  sum("utt"."correct" + "utt"."incorrect" + "utt"."unanswered"), sum("utt"."correct"), sum("utt"."incorrect"), sum("utt"."unanswered"),
  coalesce(sum("utt"."correct" + "utt"."incorrect" + "utt"."unanswered") FILTER (WHERE NOT "ut"."counts_for_population"), 0),
  coalesce(sum("utt"."correct") FILTER (WHERE NOT "ut"."counts_for_population"), 0),
  coalesce(sum("utt"."incorrect") FILTER (WHERE NOT "ut"."counts_for_population"), 0),
  coalesce(sum("utt"."unanswered") FILTER (WHERE NOT "ut"."counts_for_population"), 0)
FROM "user_test_themes" AS "utt"
JOIN "user_tests" AS "ut" ON "ut"."id" = "utt"."user_test_id" AND "ut"."user_id" = "utt"."user_id"
WHERE "ut"."status" = 'submitted' AND "utt"."user_id" IN (SELECT "user_id" FROM "drill_students")
GROUP BY "utt"."user_id", "utt"."theme_id", CASE WHEN "ut"."mode" = 'wrong_answers' THEN 'wrong_answers' ELSE "ut"."type" END;
--> statement-breakpoint
DROP TABLE "drill_students";
--> statement-breakpoint
-- The populations, rebuilt from the students' rows as in 0004 (drill rows are all excluded).
DELETE FROM "subject_population_stats";
--> statement-breakpoint
INSERT INTO "subject_population_stats" ("subject_id", "type", "shard", "students", "percentage_sum", "percentage_square_sum")
SELECT "subject_id", "type", ("user_id" % 8)::smallint, count(*), sum("p"), sum("p" * "p")
FROM (
  SELECT "user_id", "subject_id", "type", sum("correct") * 100.0 / sum("questions") AS "p"
  FROM (
    SELECT "user_id", "subject_id", "type", "correct" - "excluded_correct" AS "correct", "questions" - "excluded_questions" AS "questions" FROM "user_subject_stats" WHERE "type" IN ('custom', 'official')
    UNION ALL SELECT "user_id", "subject_id", 'all', "correct" - "excluded_correct", "questions" - "excluded_questions" FROM "user_subject_stats" WHERE "type" IN ('custom', 'official')
    UNION ALL SELECT "user_id", 0, "type", "correct" - "excluded_correct", "questions" - "excluded_questions" FROM "user_subject_stats" WHERE "type" IN ('custom', 'official')
    UNION ALL SELECT "user_id", 0, 'all', "correct" - "excluded_correct", "questions" - "excluded_questions" FROM "user_subject_stats" WHERE "type" IN ('custom', 'official')
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
    SELECT "user_id", "theme_id", "type", "questions" - "excluded_questions" AS "questions", "correct" - "excluded_correct" AS "correct", "incorrect" - "excluded_incorrect" AS "incorrect", "unanswered" - "excluded_unanswered" AS "unanswered" FROM "user_theme_stats" WHERE "type" IN ('custom', 'official')
    UNION ALL SELECT "user_id", "theme_id", 'all', "questions" - "excluded_questions", "correct" - "excluded_correct", "incorrect" - "excluded_incorrect", "unanswered" - "excluded_unanswered" FROM "user_theme_stats" WHERE "type" IN ('custom', 'official')
  ) AS "scoped"
  GROUP BY "user_id", "theme_id", "type"
  HAVING sum("questions") > 0
) AS "per_student"
GROUP BY "theme_id", "type", ("user_id" % 8);
