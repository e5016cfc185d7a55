DROP INDEX "user_tests_in_progress_idx";--> statement-breakpoint
ALTER TABLE "user_tests" ADD COLUMN "leave_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "user_tests_in_progress_unique" ON "user_tests" USING btree ("user_id","subject_id") WHERE "user_tests"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "user_tests_leave_idx" ON "user_tests" USING btree ("leave_requested_at") WHERE "user_tests"."status" = 'in_progress' and "user_tests"."leave_requested_at" is not null;