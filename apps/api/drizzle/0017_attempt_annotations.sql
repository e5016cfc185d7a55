-- Issue 27, item 9: the paper tools of an attempt (options crossed out per question, passages
-- highlighted per reading context as text offsets), saved whole with the client's sequence
-- number, as answers are. One row per attempt, removed with it.
CREATE TABLE "user_test_annotations" (
	"user_test_id" bigint PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"strikes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"highlights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"client_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_test_annotations_shapes" CHECK (jsonb_typeof("user_test_annotations"."strikes") = 'array' and jsonb_typeof("user_test_annotations"."highlights") = 'array')
);
--> statement-breakpoint
ALTER TABLE "user_test_annotations" ADD CONSTRAINT "user_test_annotations_user_test_fk" FOREIGN KEY ("user_test_id","user_id") REFERENCES "public"."user_tests"("id","user_id") ON DELETE cascade ON UPDATE no action;
