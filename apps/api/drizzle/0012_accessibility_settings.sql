-- Issue 16, item 4: reading settings each student keeps on every device (text size in percent,
-- high contrast), and the extra time an admin grants as an accommodation (+25, +50 or +100 % on
-- every timed test, applied by the server when the attempt is created).
ALTER TABLE "users" ADD COLUMN "text_size" smallint DEFAULT 100 NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "high_contrast" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "extra_time_percent" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_text_size_valid" CHECK ("users"."text_size" in (100, 125, 150));
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_extra_time_percent_valid" CHECK ("users"."extra_time_percent" in (0, 25, 50, 100));
