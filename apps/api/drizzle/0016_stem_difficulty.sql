-- Issue 25, item 2: a question's difficulty, 1 easy, 2 medium, 3 hard, as its author judged it (the
-- bank files' `difficulty`, the import and export). A mock exam follows a real form's profile of
-- easy, medium and hard questions by it, or by the measured facility once the question has 30
-- answers (item_stats; docs/content.md, "Difficulty"). Questions already stored start medium.
ALTER TABLE "stems" ADD COLUMN "difficulty" smallint DEFAULT 2 NOT NULL;
--> statement-breakpoint
ALTER TABLE "stems" ADD CONSTRAINT "stems_difficulty_range" CHECK ("stems"."difficulty" between 1 and 3);
