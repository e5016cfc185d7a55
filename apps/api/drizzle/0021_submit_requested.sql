-- Submits acknowledged at once and scored in batches by the scorer (user-tests/scoring.ts).
ALTER TABLE "user_tests" ADD COLUMN "submit_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_tests" ADD COLUMN "submit_reason" text;--> statement-breakpoint
ALTER TABLE "user_tests" ADD CONSTRAINT "user_tests_submit_reason_valid" CHECK ("user_tests"."submit_reason" in ('student', 'time', 'leave'));--> statement-breakpoint
CREATE INDEX "user_tests_submit_requested_idx" ON "user_tests" USING btree ("submit_requested_at") WHERE "user_tests"."status" = 'in_progress' and "user_tests"."submit_requested_at" is not null;
