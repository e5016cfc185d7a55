-- Issue 15: Ciencias electives, pilot questions, and what a subject's approval grade means.
-- Elective themes (Ciencias: Electivo Biología, Química, Física): a mock exam holds the common
-- themes plus the one elective the student chose, kept on the attempt.
ALTER TABLE "themes" ADD COLUMN "is_elective" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "user_tests" ADD COLUMN "elective_theme_id" integer;
--> statement-breakpoint
ALTER TABLE "user_tests" ADD CONSTRAINT "user_tests_elective_theme_id_themes_id_fk" FOREIGN KEY ("elective_theme_id") REFERENCES "public"."themes"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
-- Pilot questions: 5 per PAES mock exam, answered but not scored; total_test_stems counts the scored.
ALTER TABLE "user_tests" ADD COLUMN "pilot_count" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "user_test_stems" ADD COLUMN "is_pilot" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- 458 is the minimum Competencia Lectora + M1 average to apply, not a pass mark; class B keeps its
-- pass mark (33 of 38), the other PAES tests have none.
ALTER TABLE "subjects" ADD COLUMN "approval_rule" text DEFAULT 'pass_mark' NOT NULL;
--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_approval_rule_valid" CHECK ("subjects"."approval_rule" in ('pass_mark', 'application_average', 'none'));
--> statement-breakpoint
UPDATE "subjects" SET "approval_rule" = CASE
  WHEN "name" IN ('Competencia Lectora', 'Competencia Matemática M1') THEN 'application_average'
  ELSE 'none' END
WHERE "standard_test_id" = 1;
--> statement-breakpoint
UPDATE "user_tests" SET "passed" = NULL
WHERE "type" = 'official' AND "subject_id" IN (SELECT "id" FROM "subjects" WHERE "approval_rule" <> 'pass_mark');
--> statement-breakpoint
UPDATE "user_subject_stats" SET "passed_count" = 0
WHERE "type" = 'official' AND "subject_id" IN (SELECT "id" FROM "subjects" WHERE "approval_rule" <> 'pass_mark');
--> statement-breakpoint
-- A period's unscored pilot questions (PAES: 5). Left at 0 for existing periods: their grade
-- tables cover every question; the seed sets 5 with tables on the scored items.
ALTER TABLE "periods" ADD COLUMN "pilot_count" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_pilot_count_valid" CHECK ("periods"."pilot_count" >= 0 and "periods"."pilot_count" < "periods"."question_count");
