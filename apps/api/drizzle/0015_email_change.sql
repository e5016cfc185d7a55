-- Issue 24, item 2: a new e-mail address waits in "pending_email" until the link mailed to it is
-- opened (the account keeps its address until then), and "email_link_version" is signed into every
-- verification and e-mail change link, so raising it voids the links already mailed.
ALTER TABLE "users" ADD COLUMN "pending_email" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_link_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A reset token now names the address it was mailed to. Which address an older token went to is
-- not known (the account's address may have changed since), so the older tokens go: whoever was
-- resetting asks for a new link.
DELETE FROM "password_reset_tokens";
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "email" text NOT NULL;
