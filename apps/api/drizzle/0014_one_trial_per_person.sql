-- Issue 24, item 1: a free trial is a one-time offer per person and standard test. Every trial
-- claims keys for its standard test: the account ("user:<id>"), its e-mail without a "+tag"
-- ("email:<address>"), its tax id ("rut:<body+check digit>", or "dni:<country id>:<number>") and
-- the card it was started with ("card:<gateway>:<fingerprint>"). A key is stored as the SHA-256 of
-- that text, and (key_hash, standard_test_id) is unique: a second trial for the same person, RUT,
-- e-mail or card cannot be recorded, however many requests race. The claims outlive the account and
-- the subscription (set null), so deleting either gives no new trial. The key texts here must stay
-- the ones apps/api/src/modules/subscriptions/trial-claims.ts builds.
CREATE TABLE "trial_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trial_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"standard_test_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key_hash" text NOT NULL,
	"user_id" integer,
	"user_subscription_id" integer,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_claims_kind_valid" CHECK ("trial_claims"."kind" in ('user', 'email', 'tax_id', 'card'))
);
--> statement-breakpoint
ALTER TABLE "trial_claims" ADD CONSTRAINT "trial_claims_standard_test_id_standard_tests_id_fk" FOREIGN KEY ("standard_test_id") REFERENCES "public"."standard_tests"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trial_claims" ADD CONSTRAINT "trial_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trial_claims" ADD CONSTRAINT "trial_claims_user_subscription_id_user_subscriptions_id_fk" FOREIGN KEY ("user_subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "trial_claims_key_test_unique" ON "trial_claims" USING btree ("key_hash","standard_test_id");
--> statement-breakpoint
CREATE INDEX "trial_claims_user_id_idx" ON "trial_claims" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "trial_claims_user_subscription_id_idx" ON "trial_claims" USING btree ("user_subscription_id");
--> statement-breakpoint
-- What identifies a card across accounts, as its gateway gives it: the sandbox's own fingerprint
-- of the whole number; Transbank Oneclick's card type and last four digits (its tbk_user is new at
-- every inscription). Cards stored before this migration: Transbank's can be fingerprinted from
-- their brand and last four; the sandbox's cannot (it never kept the number), so they stay null.
ALTER TABLE "payment_methods" ADD COLUMN "fingerprint" text;
--> statement-breakpoint
UPDATE "payment_methods" SET "fingerprint" = lower("brand") || ':' || "last4"
 WHERE "gateway" = 'transbank_oneclick' AND "brand" IS NOT NULL AND "last4" IS NOT NULL;
--> statement-breakpoint
-- Backfill: every trial ever started (whatever its status now) claims its keys, the earliest first.
INSERT INTO "trial_claims" ("standard_test_id", "kind", "key_hash", "user_id", "user_subscription_id", "claimed_at")
SELECT "standard_test_id", "kind", encode(sha256(convert_to("key", 'UTF8')), 'hex'), "user_id", "subscription_id", "trial_started_at"
  FROM (
    SELECT p."standard_test_id", s."user_id", s."id" AS "subscription_id", s."trial_started_at", k."kind", k."key"
      FROM "user_subscriptions" s
      JOIN "packages" p ON p."id" = s."package_id"
      JOIN "users" u ON u."id" = s."user_id"
      LEFT JOIN "payment_methods" m ON m."id" = s."payment_method_id"
      CROSS JOIN LATERAL (VALUES
        ('user', 'user:' || u."id"),
        ('email', 'email:' || regexp_replace(lower(trim(u."email")), '\+[^@]*@', '@')),
        ('tax_id', CASE
           WHEN u."tax_id" IS NULL OR regexp_replace(u."tax_id", '[.[:space:]-]', '', 'g') = '' THEN NULL
           WHEN u."tax_id_type" = 'rut' THEN 'rut:' || upper(regexp_replace(u."tax_id", '[.[:space:]-]', '', 'g'))
           ELSE 'dni:' || coalesce(u."country_id", 0) || ':' || upper(regexp_replace(u."tax_id", '[.[:space:]-]', '', 'g'))
         END),
        ('card', CASE WHEN m."fingerprint" IS NULL THEN NULL ELSE 'card:' || m."gateway" || ':' || m."fingerprint" END)
      ) AS k("kind", "key")
     WHERE s."trial_started_at" IS NOT NULL AND k."key" IS NOT NULL
  ) AS "claims"
 ORDER BY "trial_started_at", "subscription_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Issue 24, item 3: a coupon's uses per student (max_uses_per_user, 1 by default) are numbered
-- 1..N, and (promo_code_id, user_id, use_number) is unique, so two requests racing for the same
-- use cannot both be stored. Uses recorded twice before this (the race) keep their rows, numbered
-- in the order they were made; a further use is refused as before.
ALTER TABLE "promo_redemptions" ADD COLUMN "use_number" integer;
--> statement-breakpoint
UPDATE "promo_redemptions" r SET "use_number" = n."use_number"
  FROM (
    SELECT "id", row_number() OVER (PARTITION BY "promo_code_id", "user_id" ORDER BY "redeemed_at", "id") AS "use_number"
      FROM "promo_redemptions"
  ) n
 WHERE n."id" = r."id";
--> statement-breakpoint
ALTER TABLE "promo_redemptions" ALTER COLUMN "use_number" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_use_number_positive" CHECK ("promo_redemptions"."use_number" >= 1);
--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_promo_user_use_unique" ON "promo_redemptions" USING btree ("promo_code_id","user_id","use_number");
--> statement-breakpoint
DROP INDEX "promo_redemptions_promo_code_user_idx";
