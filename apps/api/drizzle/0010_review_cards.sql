-- Issue 16: spaced review with FSRS. One card per student and question: the memory state ts-fsrs
-- schedules from (modules/review/schedule.ts). A wrong or marked answer creates it, due at once; a
-- review session rates it and sets the next due date. A question deleted from the bank takes its
-- cards with it; one deactivated keeps them but is neither counted nor drawn.
CREATE TABLE "review_cards" (
	"user_id" integer NOT NULL,
	"stem_id" integer NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"stability" double precision DEFAULT 0 NOT NULL,
	"difficulty" double precision DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" smallint DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"last_review_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_cards_pkey" PRIMARY KEY("user_id","stem_id"),
	CONSTRAINT "review_cards_state_valid" CHECK ("review_cards"."state" between 0 and 3),
	CONSTRAINT "review_cards_counts_non_negative" CHECK ("review_cards"."reps" >= 0 and "review_cards"."lapses" >= 0)
);
--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_stem_id_stems_id_fk" FOREIGN KEY ("stem_id") REFERENCES "public"."stems"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "review_cards_user_due_idx" ON "review_cards" USING btree ("user_id","due_at");
--> statement-breakpoint
CREATE INDEX "review_cards_stem_id_idx" ON "review_cards" USING btree ("stem_id");
