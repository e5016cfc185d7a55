-- Issue 14: a submit (or a delete) no longer writes the rows every student shares
-- (subject_population_stats, theme_population_stats, stem_stats) in its own transaction; it appends
-- its changes here and a drain folds them in, in batches, under an advisory lock. New and empty: a
-- database with data needs nothing else, its aggregates already hold every attempt sent so far.
CREATE TABLE "population_queue" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "population_queue_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sign" smallint NOT NULL,
	"subjects" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"themes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answered_stem_ids" integer[] DEFAULT '{}' NOT NULL,
	"wrong_stem_ids" integer[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "population_queue_sign_valid" CHECK ("population_queue"."sign" in (1, -1))
);
