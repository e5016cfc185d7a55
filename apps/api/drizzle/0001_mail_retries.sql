DROP INDEX "mail_outbox_status_created_at_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_status_next_attempt_at_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");