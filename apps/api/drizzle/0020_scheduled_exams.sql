-- Issue 28: scheduled ensayos (the "ensayo nacional"). An admin schedules one fixed mock-exam form
-- (drawn once, choices in one order for everyone) for a subject at a start time; subscribers join,
-- and each gets an ordinary mock_exam attempt that names its ensayo, with everyone's clock.
CREATE TABLE "scheduled_exams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scheduled_exams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"title_en" text,
	"subject_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"elective_theme_id" integer,
	"stem_ids" integer[] NOT NULL,
	"form" jsonb NOT NULL,
	"special_numbers" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"late_join_minutes" smallint NOT NULL,
	"audience" text DEFAULT 'subscribers' NOT NULL,
	"audience_class_id" integer,
	"content_key" text NOT NULL,
	"content_iv" text NOT NULL,
	"longest_extra_time_percent" smallint DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"results" jsonb,
	"results_computed_at" timestamp with time zone,
	CONSTRAINT "scheduled_exams_form_not_empty" CHECK (cardinality("scheduled_exams"."stem_ids") >= 1),
	CONSTRAINT "scheduled_exams_times_valid" CHECK ("scheduled_exams"."duration_minutes" > 0 and "scheduled_exams"."late_join_minutes" >= 0 and "scheduled_exams"."late_join_minutes" < "scheduled_exams"."duration_minutes"),
	CONSTRAINT "scheduled_exams_audience_valid" CHECK ("scheduled_exams"."audience" in ('subscribers'))
);
--> statement-breakpoint
ALTER TABLE "scheduled_exams" ADD CONSTRAINT "scheduled_exams_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scheduled_exams" ADD CONSTRAINT "scheduled_exams_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scheduled_exams" ADD CONSTRAINT "scheduled_exams_elective_theme_id_themes_id_fk" FOREIGN KEY ("elective_theme_id") REFERENCES "public"."themes"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scheduled_exams" ADD CONSTRAINT "scheduled_exams_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "scheduled_exams_starts_at_idx" ON "scheduled_exams" USING btree ("starts_at") WHERE "scheduled_exams"."cancelled_at" is null;
--> statement-breakpoint
CREATE INDEX "scheduled_exams_subject_id_idx" ON "scheduled_exams" USING btree ("subject_id");
--> statement-breakpoint
CREATE TABLE "scheduled_exam_participants" (
	"scheduled_exam_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_test_id" bigint,
	CONSTRAINT "scheduled_exam_participants_pkey" PRIMARY KEY("scheduled_exam_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "scheduled_exam_participants" ADD CONSTRAINT "scheduled_exam_participants_scheduled_exam_id_scheduled_exams_id_fk" FOREIGN KEY ("scheduled_exam_id") REFERENCES "public"."scheduled_exams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scheduled_exam_participants" ADD CONSTRAINT "scheduled_exam_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "scheduled_exam_participants_user_id_idx" ON "scheduled_exam_participants" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "scheduled_exam_participants_unprepared_idx" ON "scheduled_exam_participants" USING btree ("scheduled_exam_id") WHERE "scheduled_exam_participants"."user_test_id" is null;
--> statement-breakpoint
CREATE TABLE "scheduled_exam_reminders" (
	"scheduled_exam_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_exam_reminders_pkey" PRIMARY KEY("scheduled_exam_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "scheduled_exam_reminders" ADD CONSTRAINT "scheduled_exam_reminders_scheduled_exam_id_scheduled_exams_id_fk" FOREIGN KEY ("scheduled_exam_id") REFERENCES "public"."scheduled_exams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scheduled_exam_reminders" ADD CONSTRAINT "scheduled_exam_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "scheduled_exam_reminders_user_id_idx" ON "scheduled_exam_reminders" USING btree ("user_id");
--> statement-breakpoint
-- The attempt names its ensayo; one attempt per student and ensayo is the database's rule.
ALTER TABLE "user_tests" ADD COLUMN "scheduled_exam_id" integer;
--> statement-breakpoint
ALTER TABLE "user_tests" ADD CONSTRAINT "user_tests_scheduled_exam_id_scheduled_exams_id_fk" FOREIGN KEY ("scheduled_exam_id") REFERENCES "public"."scheduled_exams"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "user_tests_scheduled_exam_unique" ON "user_tests" USING btree ("scheduled_exam_id","user_id") WHERE "user_tests"."scheduled_exam_id" is not null;
--> statement-breakpoint
-- Whether anyone still sits an ensayo (it closes early once joining closed and everyone has sent).
CREATE INDEX "user_tests_scheduled_in_progress_idx" ON "user_tests" USING btree ("scheduled_exam_id") WHERE "user_tests"."status" = 'in_progress' and "user_tests"."scheduled_exam_id" is not null;
--> statement-breakpoint
-- A scheduled attempt is prepared before its start and must not stop the student from starting
-- (or resuming) any other test of the subject: the one-open-attempt rule leaves it out.
DROP INDEX "user_tests_in_progress_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX "user_tests_in_progress_unique" ON "user_tests" USING btree ("user_id","subject_id") WHERE "user_tests"."status" = 'in_progress' and "user_tests"."scheduled_exam_id" is null;
