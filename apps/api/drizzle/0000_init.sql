CREATE TABLE "cities" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"state_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"iso_code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"country_id" integer NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"abbreviation" text NOT NULL,
	"iso_code" text NOT NULL,
	"vat_percentage" numeric(5, 2) DEFAULT 19 NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "states_vat_percentage_range" CHECK ("states"."vat_percentage" >= 0 and "states"."vat_percentage" <= 100)
);
--> statement-breakpoint
CREATE TABLE "towns" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"city_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"address_line_1" text NOT NULL,
	"address_line_2" text,
	"town_id" integer NOT NULL,
	"zip_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_zip_code_digits" CHECK ("addresses"."zip_code" ~ '^[0-9]+$')
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_reset_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"csrf_token" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"phone" text,
	"tax_id" text,
	"tax_id_type" text,
	"country_id" integer,
	"address_id" integer,
	"timezone" text DEFAULT 'America/Santiago' NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"terms_accepted" boolean DEFAULT false NOT NULL,
	"avatar_path" text,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"role" text DEFAULT 'student' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_valid" CHECK ("users"."role" in ('student', 'admin')),
	CONSTRAINT "users_tax_id_type_valid" CHECK ("users"."tax_id_type" in ('rut', 'dni'))
);
--> statement-breakpoint
CREATE TABLE "grade_tables" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grade_tables_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_id" integer NOT NULL,
	"good_answers_quantity" integer NOT NULL,
	"grade" integer NOT NULL,
	CONSTRAINT "grade_tables_good_answers_non_negative" CHECK ("grade_tables"."good_answers_quantity" >= 0),
	CONSTRAINT "grade_tables_grade_non_negative" CHECK ("grade_tables"."grade" >= 0)
);
--> statement-breakpoint
CREATE TABLE "package_subjects" (
	"package_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	CONSTRAINT "package_subjects_pkey" PRIMARY KEY("package_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"standard_test_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"duration_days" integer NOT NULL,
	"price_clp" integer NOT NULL,
	"subjects_quantity" smallint NOT NULL,
	"trial_period_days" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_duration_days_positive" CHECK ("packages"."duration_days" > 0),
	CONSTRAINT "packages_price_clp_non_negative" CHECK ("packages"."price_clp" >= 0),
	CONSTRAINT "packages_subjects_quantity_positive" CHECK ("packages"."subjects_quantity" > 0),
	CONSTRAINT "packages_trial_period_days_non_negative" CHECK ("packages"."trial_period_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "period_themes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "period_themes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"period_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	"weight" integer NOT NULL,
	CONSTRAINT "period_themes_weight_range" CHECK ("period_themes"."weight" >= 0 and "period_themes"."weight" <= 100)
);
--> statement-breakpoint
CREATE TABLE "periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_id" integer NOT NULL,
	"name" text NOT NULL,
	"test_duration" integer NOT NULL,
	"question_count" integer NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "periods_test_duration_positive" CHECK ("periods"."test_duration" > 0),
	CONSTRAINT "periods_question_count_positive" CHECK ("periods"."question_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"package_id" integer,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_user" integer DEFAULT 1 NOT NULL,
	"redeemed_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_type_valid" CHECK ("promo_codes"."type" in ('percent', 'amount')),
	CONSTRAINT "promo_codes_value_valid" CHECK ("promo_codes"."value" > 0 and ("promo_codes"."type" <> 'percent' or "promo_codes"."value" <= 100)),
	CONSTRAINT "promo_codes_validity_window" CHECK ("promo_codes"."valid_until" is null or "promo_codes"."valid_until" > "promo_codes"."valid_from"),
	CONSTRAINT "promo_codes_redeemed_within_max" CHECK ("promo_codes"."redeemed_count" >= 0 and ("promo_codes"."max_uses" is null or "promo_codes"."redeemed_count" <= "promo_codes"."max_uses")),
	CONSTRAINT "promo_codes_max_uses_per_user_positive" CHECK ("promo_codes"."max_uses_per_user" > 0)
);
--> statement-breakpoint
CREATE TABLE "standard_tests" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"max_subjects" smallint NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standard_tests_max_subjects_positive" CHECK ("standard_tests"."max_subjects" > 0)
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subjects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"standard_test_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"approval_grade" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subjects_approval_grade_non_negative" CHECK ("subjects"."approval_grade" >= 0)
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "themes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "themes_id_subject_id_unique" UNIQUE("id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "contexts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contexts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_id" integer NOT NULL,
	"title" text NOT NULL,
	"body_source" text NOT NULL,
	"body_html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contexts_id_subject_id_unique" UNIQUE("id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "stem_choices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stem_choices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"stem_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"body_source" text NOT NULL,
	"body_html" text NOT NULL,
	"is_correct" boolean DEFAULT false NOT NULL,
	CONSTRAINT "stem_choices_position_range" CHECK ("stem_choices"."position" between 1 and 9)
);
--> statement-breakpoint
CREATE TABLE "stem_correction_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stem_correction_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"stem_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "stem_correction_requests_comment_length" CHECK (char_length("stem_correction_requests"."comment") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "stems" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stems_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	"context_id" integer,
	"stem_number" integer NOT NULL,
	"statement_source" text NOT NULL,
	"statement_html" text NOT NULL,
	"solution_source" text DEFAULT '' NOT NULL,
	"solution_html" text DEFAULT '' NOT NULL,
	"is_multi_choice" boolean DEFAULT false NOT NULL,
	"url_source" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stems_stem_number_positive" CHECK ("stems"."stem_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"invoice_id" integer,
	"payment_method_id" integer,
	"gateway" text NOT NULL,
	"gateway_charge_id" text,
	"amount" numeric(12, 2) NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"decline_reason" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_kind_valid" CHECK ("charges"."kind" in ('validation', 'invoice')),
	CONSTRAINT "charges_status_valid" CHECK ("charges"."status" in ('pending', 'paid', 'declined', 'failed')),
	CONSTRAINT "charges_amount_positive" CHECK ("charges"."amount" > 0),
	CONSTRAINT "charges_invoice_kind_has_invoice" CHECK ("charges"."kind" <> 'invoice' or "charges"."invoice_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "gateway_callbacks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gateway_callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"user_id" integer NOT NULL,
	"user_subscription_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"net" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"vat" integer NOT NULL,
	"total" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_valid" CHECK ("invoices"."status" in ('open', 'paid', 'uncollectible', 'void')),
	CONSTRAINT "invoices_amounts_non_negative" CHECK ("invoices"."net" >= 0 and "invoices"."discount" >= 0 and "invoices"."vat" >= 0 and "invoices"."total" >= 0),
	CONSTRAINT "invoices_period_order" CHECK ("invoices"."period_end" > "invoices"."period_start"),
	CONSTRAINT "invoices_paid_has_date" CHECK ("invoices"."status" <> 'paid' or "invoices"."paid_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"gateway_reference" text NOT NULL,
	"brand" text,
	"last4" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "payment_methods_last4_digits" CHECK ("payment_methods"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"promo_code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_subscription_id" integer NOT NULL,
	"discount" integer NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_redemptions_discount_non_negative" CHECK ("promo_redemptions"."discount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_subscription_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_subscription_subjects" (
	"user_subscription_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	CONSTRAINT "user_subscription_subjects_pkey" PRIMARY KEY("user_subscription_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "user_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"status" text DEFAULT 'Created' NOT NULL,
	"trial_started_at" timestamp with time zone,
	"trial_duration" integer DEFAULT 0 NOT NULL,
	"subscription_start" timestamp with time zone,
	"subscription_end" timestamp with time zone,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"payment_tax" numeric(5, 2) DEFAULT 19 NOT NULL,
	"price_net" integer DEFAULT 0 NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"vat" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"promo_code_id" integer,
	"payment_method_id" integer,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_subscriptions_status_valid" CHECK ("user_subscriptions"."status" in ('Created', 'Trial', 'Active', 'Pause', 'Pending_payment', 'Pending', 'Canceled')),
	CONSTRAINT "user_subscriptions_trial_duration_non_negative" CHECK ("user_subscriptions"."trial_duration" >= 0),
	CONSTRAINT "user_subscriptions_payment_tax_range" CHECK ("user_subscriptions"."payment_tax" >= 0 and "user_subscriptions"."payment_tax" <= 100),
	CONSTRAINT "user_subscriptions_amounts_non_negative" CHECK ("user_subscriptions"."price_net" >= 0 and "user_subscriptions"."discount" >= 0 and "user_subscriptions"."vat" >= 0 and "user_subscriptions"."total" >= 0),
	CONSTRAINT "user_subscriptions_period_order" CHECK ("user_subscriptions"."subscription_end" is null or "user_subscriptions"."subscription_start" is null or "user_subscriptions"."subscription_end" >= "user_subscriptions"."subscription_start")
);
--> statement-breakpoint
CREATE TABLE "user_test_stems" (
	"user_id" integer NOT NULL,
	"user_test_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"stem_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	"chosen_choice_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"choice_order" integer[],
	"is_correct" boolean,
	"is_marked" boolean DEFAULT false NOT NULL,
	"client_seq" bigint DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "user_test_stems_pkey" PRIMARY KEY("user_test_id","position"),
	CONSTRAINT "user_test_stems_position_positive" CHECK ("user_test_stems"."position" >= 1),
	CONSTRAINT "user_test_stems_at_most_nine_choices" CHECK (cardinality("user_test_stems"."chosen_choice_ids") <= 9)
);
--> statement-breakpoint
CREATE TABLE "user_test_themes" (
	"user_id" integer NOT NULL,
	"user_test_id" bigint NOT NULL,
	"theme_id" integer NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"incorrect" integer DEFAULT 0 NOT NULL,
	"unanswered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_test_themes_pkey" PRIMARY KEY("user_test_id","theme_id"),
	CONSTRAINT "user_test_themes_counts_non_negative" CHECK ("user_test_themes"."correct" >= 0 and "user_test_themes"."incorrect" >= 0 and "user_test_themes"."unanswered" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_tests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_tests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"standard_test_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"type" text NOT NULL,
	"mode" text NOT NULL,
	"configuration" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"special_numbers" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"total_test_stems" integer DEFAULT 0 NOT NULL,
	"total_correct" integer DEFAULT 0 NOT NULL,
	"total_incorrect" integer DEFAULT 0 NOT NULL,
	"total_unanswered" integer DEFAULT 0 NOT NULL,
	"score" integer,
	"passed" boolean,
	"source_user_test_id" bigint,
	CONSTRAINT "user_tests_id_user_id_unique" UNIQUE("id","user_id"),
	CONSTRAINT "user_tests_type_valid" CHECK ("user_tests"."type" in ('custom', 'official')),
	CONSTRAINT "user_tests_mode_valid" CHECK ("user_tests"."mode" in ('practice', 'mock_exam', 'historical', 'wrong_answers')),
	CONSTRAINT "user_tests_mode_matches_type" CHECK (("user_tests"."mode" <> 'practice' or "user_tests"."type" = 'custom') and ("user_tests"."mode" <> 'mock_exam' or "user_tests"."type" = 'official')),
	CONSTRAINT "user_tests_status_valid" CHECK ("user_tests"."status" in ('in_progress', 'submitted')),
	CONSTRAINT "user_tests_submitted_has_date" CHECK (("user_tests"."status" = 'submitted') = ("user_tests"."submitted_at" is not null)),
	CONSTRAINT "user_tests_deadline_after_start" CHECK ("user_tests"."deadline_at" is null or "user_tests"."deadline_at" > "user_tests"."started_at"),
	CONSTRAINT "user_tests_totals_consistent" CHECK ("user_tests"."total_correct" >= 0 and "user_tests"."total_incorrect" >= 0 and "user_tests"."total_unanswered" >= 0 and ("user_tests"."status" <> 'submitted' or "user_tests"."total_correct" + "user_tests"."total_incorrect" + "user_tests"."total_unanswered" = "user_tests"."total_test_stems"))
);
--> statement-breakpoint
CREATE TABLE "stem_stats" (
	"stem_id" integer PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"wrong" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stem_stats_counts_valid" CHECK ("stem_stats"."answered" >= 0 and "stem_stats"."wrong" >= 0 and "stem_stats"."wrong" <= "stem_stats"."answered")
);
--> statement-breakpoint
CREATE TABLE "user_subject_stats" (
	"user_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"type" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"incorrect" integer DEFAULT 0 NOT NULL,
	"unanswered" integer DEFAULT 0 NOT NULL,
	"score_sum" bigint DEFAULT 0 NOT NULL,
	"percentage_sum" double precision DEFAULT 0 NOT NULL,
	"passed_count" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	CONSTRAINT "user_subject_stats_pkey" PRIMARY KEY("user_id","subject_id","type"),
	CONSTRAINT "user_subject_stats_type_valid" CHECK ("user_subject_stats"."type" in ('custom', 'official')),
	CONSTRAINT "user_subject_stats_counts_non_negative" CHECK ("user_subject_stats"."attempts" >= 0 and "user_subject_stats"."questions" >= 0 and "user_subject_stats"."correct" >= 0 and "user_subject_stats"."incorrect" >= 0 and "user_subject_stats"."unanswered" >= 0 and "user_subject_stats"."passed_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_theme_stats" (
	"user_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	"type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"incorrect" integer DEFAULT 0 NOT NULL,
	"unanswered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_theme_stats_pkey" PRIMARY KEY("user_id","theme_id","type"),
	CONSTRAINT "user_theme_stats_type_valid" CHECK ("user_theme_stats"."type" in ('custom', 'official')),
	CONSTRAINT "user_theme_stats_counts_non_negative" CHECK ("user_theme_stats"."questions" >= 0 and "user_theme_stats"."correct" >= 0 and "user_theme_stats"."incorrect" >= 0 and "user_theme_stats"."unanswered" >= 0)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"last_error" text,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"unique_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status_valid" CHECK ("jobs"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "jobs_attempts_valid" CHECK ("jobs"."attempts" >= 0 and "jobs"."max_attempts" > 0)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"locale" text DEFAULT 'es' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_valid" CHECK ("mail_outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "towns" ADD CONSTRAINT "towns_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_town_id_towns_id_fk" FOREIGN KEY ("town_id") REFERENCES "public"."towns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_tables" ADD CONSTRAINT "grade_tables_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_subjects" ADD CONSTRAINT "package_subjects_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_subjects" ADD CONSTRAINT "package_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_standard_test_id_standard_tests_id_fk" FOREIGN KEY ("standard_test_id") REFERENCES "public"."standard_tests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_themes" ADD CONSTRAINT "period_themes_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_themes" ADD CONSTRAINT "period_themes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_standard_test_id_standard_tests_id_fk" FOREIGN KEY ("standard_test_id") REFERENCES "public"."standard_tests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contexts" ADD CONSTRAINT "contexts_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stem_choices" ADD CONSTRAINT "stem_choices_stem_id_stems_id_fk" FOREIGN KEY ("stem_id") REFERENCES "public"."stems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stem_correction_requests" ADD CONSTRAINT "stem_correction_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stem_correction_requests" ADD CONSTRAINT "stem_correction_requests_stem_id_stems_id_fk" FOREIGN KEY ("stem_id") REFERENCES "public"."stems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stem_correction_requests" ADD CONSTRAINT "stem_correction_requests_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stems" ADD CONSTRAINT "stems_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stems" ADD CONSTRAINT "stems_theme_in_subject_fk" FOREIGN KEY ("theme_id","subject_id") REFERENCES "public"."themes"("id","subject_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stems" ADD CONSTRAINT "stems_context_in_subject_fk" FOREIGN KEY ("context_id","subject_id") REFERENCES "public"."contexts"("id","subject_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_subscription_id_user_subscriptions_id_fk" FOREIGN KEY ("user_subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_user_subscription_id_user_subscriptions_id_fk" FOREIGN KEY ("user_subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_feedback" ADD CONSTRAINT "subscription_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_feedback" ADD CONSTRAINT "subscription_feedback_subscription_fk" FOREIGN KEY ("user_subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscription_subjects" ADD CONSTRAINT "user_subscription_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscription_subjects" ADD CONSTRAINT "user_subscription_subjects_subscription_fk" FOREIGN KEY ("user_subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_test_stems" ADD CONSTRAINT "user_test_stems_stem_id_stems_id_fk" FOREIGN KEY ("stem_id") REFERENCES "public"."stems"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_test_stems" ADD CONSTRAINT "user_test_stems_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_test_stems" ADD CONSTRAINT "user_test_stems_user_test_fk" FOREIGN KEY ("user_test_id","user_id") REFERENCES "public"."user_tests"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_test_themes" ADD CONSTRAINT "user_test_themes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_test_themes" ADD CONSTRAINT "user_test_themes_user_test_fk" FOREIGN KEY ("user_test_id","user_id") REFERENCES "public"."user_tests"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tests" ADD CONSTRAINT "user_tests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tests" ADD CONSTRAINT "user_tests_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tests" ADD CONSTRAINT "user_tests_standard_test_id_standard_tests_id_fk" FOREIGN KEY ("standard_test_id") REFERENCES "public"."standard_tests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tests" ADD CONSTRAINT "user_tests_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tests" ADD CONSTRAINT "user_tests_source_user_test_id_fk" FOREIGN KEY ("source_user_test_id") REFERENCES "public"."user_tests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stem_stats" ADD CONSTRAINT "stem_stats_stem_id_stems_id_fk" FOREIGN KEY ("stem_id") REFERENCES "public"."stems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stem_stats" ADD CONSTRAINT "stem_stats_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subject_stats" ADD CONSTRAINT "user_subject_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subject_stats" ADD CONSTRAINT "user_subject_stats_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_theme_stats" ADD CONSTRAINT "user_theme_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_theme_stats" ADD CONSTRAINT "user_theme_stats_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_theme_stats" ADD CONSTRAINT "user_theme_stats_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cities_code_unique" ON "cities" USING btree ("code");--> statement-breakpoint
CREATE INDEX "cities_state_id_idx" ON "cities" USING btree ("state_id");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_iso_code_unique" ON "countries" USING btree ("iso_code");--> statement-breakpoint
CREATE UNIQUE INDEX "states_code_unique" ON "states" USING btree ("code");--> statement-breakpoint
CREATE INDEX "states_country_id_idx" ON "states" USING btree ("country_id");--> statement-breakpoint
CREATE UNIQUE INDEX "towns_code_unique" ON "towns" USING btree ("code");--> statement-breakpoint
CREATE INDEX "towns_city_id_idx" ON "towns" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "addresses_user_id_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "addresses_town_id_idx" ON "addresses" USING btree ("town_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_token_hash_unique" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_address_id_idx" ON "users" USING btree ("address_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grade_tables_subject_id_good_answers_unique" ON "grade_tables" USING btree ("subject_id","good_answers_quantity");--> statement-breakpoint
CREATE INDEX "package_subjects_subject_id_idx" ON "package_subjects" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "packages_standard_test_id_idx" ON "packages" USING btree ("standard_test_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "period_themes_period_id_theme_id_unique" ON "period_themes" USING btree ("period_id","theme_id");--> statement-breakpoint
CREATE INDEX "period_themes_theme_id_idx" ON "period_themes" USING btree ("theme_id");--> statement-breakpoint
CREATE UNIQUE INDEX "periods_subject_id_name_unique" ON "periods" USING btree ("subject_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "periods_one_current_per_subject" ON "periods" USING btree ("subject_id") WHERE "periods"."is_current";--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_unique" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "standard_tests_code_unique" ON "standard_tests" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_standard_test_id_name_unique" ON "subjects" USING btree ("standard_test_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "themes_subject_id_name_unique" ON "themes" USING btree ("subject_id","name");--> statement-breakpoint
CREATE INDEX "contexts_subject_id_idx" ON "contexts" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stem_choices_stem_id_position_unique" ON "stem_choices" USING btree ("stem_id","position");--> statement-breakpoint
CREATE INDEX "stem_correction_requests_stem_id_idx" ON "stem_correction_requests" USING btree ("stem_id");--> statement-breakpoint
CREATE INDEX "stem_correction_requests_open_idx" ON "stem_correction_requests" USING btree ("created_at") WHERE "stem_correction_requests"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "stem_correction_requests_user_id_idx" ON "stem_correction_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stems_subject_id_stem_number_unique" ON "stems" USING btree ("subject_id","stem_number");--> statement-breakpoint
CREATE INDEX "stems_theme_id_stem_number_idx" ON "stems" USING btree ("theme_id","stem_number");--> statement-breakpoint
CREATE INDEX "stems_context_id_idx" ON "stems" USING btree ("context_id") WHERE "stems"."context_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_idempotency_key_unique" ON "charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_gateway_charge_id_unique" ON "charges" USING btree ("gateway","gateway_charge_id") WHERE "charges"."gateway_charge_id" is not null;--> statement-breakpoint
CREATE INDEX "charges_invoice_id_idx" ON "charges" USING btree ("invoice_id") WHERE "charges"."invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "charges_user_id_idx" ON "charges" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_callbacks_gateway_event_unique" ON "gateway_callbacks" USING btree ("gateway","event_id");--> statement-breakpoint
CREATE INDEX "gateway_callbacks_unprocessed_idx" ON "gateway_callbacks" USING btree ("received_at") WHERE "gateway_callbacks"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_subscription_period_unique" ON "invoices" USING btree ("user_subscription_id","period_start");--> statement-breakpoint
CREATE INDEX "invoices_user_id_idx" ON "invoices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invoices_open_next_attempt_idx" ON "invoices" USING btree ("next_attempt_at") WHERE "invoices"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_gateway_reference_unique" ON "payment_methods" USING btree ("gateway","gateway_reference");--> statement-breakpoint
CREATE INDEX "payment_methods_user_id_idx" ON "payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_subscription_unique" ON "promo_redemptions" USING btree ("user_subscription_id");--> statement-breakpoint
CREATE INDEX "promo_redemptions_promo_code_user_idx" ON "promo_redemptions" USING btree ("promo_code_id","user_id");--> statement-breakpoint
CREATE INDEX "promo_redemptions_user_id_idx" ON "promo_redemptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscription_feedback_subscription_id_idx" ON "subscription_feedback" USING btree ("user_subscription_id");--> statement-breakpoint
CREATE INDEX "subscription_feedback_user_id_idx" ON "subscription_feedback" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_subscription_subjects_subject_id_idx" ON "user_subscription_subjects" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "user_subscriptions_user_id_status_idx" ON "user_subscriptions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "user_subscriptions_status_end_idx" ON "user_subscriptions" USING btree ("status","subscription_end");--> statement-breakpoint
CREATE INDEX "user_subscriptions_package_id_idx" ON "user_subscriptions" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_test_stems_user_test_id_stem_id_unique" ON "user_test_stems" USING btree ("user_test_id","stem_id");--> statement-breakpoint
CREATE INDEX "user_test_stems_wrong_idx" ON "user_test_stems" USING btree ("user_id","stem_id") WHERE "user_test_stems"."is_correct" = false;--> statement-breakpoint
CREATE INDEX "user_test_stems_stem_id_idx" ON "user_test_stems" USING btree ("stem_id");--> statement-breakpoint
CREATE INDEX "user_test_themes_theme_id_idx" ON "user_test_themes" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "user_tests_in_progress_idx" ON "user_tests" USING btree ("user_id","subject_id") WHERE "user_tests"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "user_tests_deadline_idx" ON "user_tests" USING btree ("deadline_at") WHERE "user_tests"."status" = 'in_progress' and "user_tests"."deadline_at" is not null;--> statement-breakpoint
CREATE INDEX "user_tests_history_date_idx" ON "user_tests" USING btree ("user_id","subject_id","type","submitted_at") WHERE "user_tests"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "user_tests_history_score_idx" ON "user_tests" USING btree ("user_id","subject_id","type","score") WHERE "user_tests"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "user_tests_source_user_test_id_idx" ON "user_tests" USING btree ("source_user_test_id") WHERE "user_tests"."source_user_test_id" is not null;--> statement-breakpoint
CREATE INDEX "stem_stats_subject_wrong_idx" ON "stem_stats" USING btree ("subject_id","wrong" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_subject_stats_subject_type_idx" ON "user_subject_stats" USING btree ("subject_id","type");--> statement-breakpoint
CREATE INDEX "user_theme_stats_user_subject_idx" ON "user_theme_stats" USING btree ("user_id","subject_id","type");--> statement-breakpoint
CREATE INDEX "user_theme_stats_theme_id_idx" ON "user_theme_stats" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "jobs_status_run_at_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unique_key_unique" ON "jobs" USING btree ("unique_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_created_at_idx" ON "mail_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_address_idx" ON "mail_outbox" USING btree ("to_address");