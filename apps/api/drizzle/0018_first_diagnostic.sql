-- Issue 27, item 6: the first diagnostic, a short timed test per subscribed subject (mode
-- diagnostic, a custom test), once per student and subject: the database says once. A "not now"
-- is remembered per student and subject so the dashboard stops offering it.
ALTER TABLE "user_tests" DROP CONSTRAINT "user_tests_mode_valid";
--> statement-breakpoint
ALTER TABLE "user_tests" DROP CONSTRAINT "user_tests_mode_matches_type";
--> statement-breakpoint
ALTER TABLE "user_tests" ADD CONSTRAINT "user_tests_mode_valid" CHECK ("user_tests"."mode" in ('practice', 'mock_exam', 'historical', 'wrong_answers', 'diagnostic'));
--> statement-breakpoint
ALTER TABLE "user_tests" ADD CONSTRAINT "user_tests_mode_matches_type" CHECK (("user_tests"."mode" not in ('practice', 'diagnostic') or "user_tests"."type" = 'custom') and ("user_tests"."mode" <> 'mock_exam' or "user_tests"."type" = 'official'));
--> statement-breakpoint
CREATE UNIQUE INDEX "user_tests_diagnostic_once" ON "user_tests" USING btree ("user_id","subject_id") WHERE "user_tests"."mode" = 'diagnostic';
--> statement-breakpoint
CREATE TABLE "diagnostic_skips" (
	"user_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"skipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diagnostic_skips_pkey" PRIMARY KEY("user_id","subject_id")
);
--> statement-breakpoint
ALTER TABLE "diagnostic_skips" ADD CONSTRAINT "diagnostic_skips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "diagnostic_skips" ADD CONSTRAINT "diagnostic_skips_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;
