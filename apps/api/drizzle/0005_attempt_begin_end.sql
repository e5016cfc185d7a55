ALTER TABLE "user_subject_stats" DROP CONSTRAINT "user_subject_stats_type_valid";--> statement-breakpoint
ALTER TABLE "user_theme_stats" DROP CONSTRAINT "user_theme_stats_type_valid";--> statement-breakpoint
ALTER TABLE "user_tests" ADD COLUMN "begun_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_tests" ADD COLUMN "ended_by" text;--> statement-breakpoint
ALTER TABLE "user_tests" ADD CONSTRAINT "user_tests_ended_by_valid" CHECK ("user_tests"."ended_by" in ('student', 'time', 'leave'));--> statement-breakpoint
ALTER TABLE "user_subject_stats" ADD CONSTRAINT "user_subject_stats_type_valid" CHECK ("user_subject_stats"."type" in ('custom', 'official', 'wrong_answers'));--> statement-breakpoint
ALTER TABLE "user_theme_stats" ADD CONSTRAINT "user_theme_stats_type_valid" CHECK ("user_theme_stats"."type" in ('custom', 'official', 'wrong_answers'));--> statement-breakpoint
-- Attempts made before the begin call had their clock running from the start.
UPDATE "user_tests" SET "begun_at" = "started_at";
--> statement-breakpoint
-- How past attempts ended, as far as can be told: at their deadline by time, otherwise by the student.
UPDATE "user_tests" SET "ended_by" = CASE
  WHEN "deadline_at" IS NOT NULL AND "submitted_at" >= "deadline_at" THEN 'time'
  ELSE 'student' END
WHERE "status" = 'submitted';
