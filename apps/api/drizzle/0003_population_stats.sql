CREATE TABLE "subject_population_stats" (
	"subject_id" integer NOT NULL,
	"type" text NOT NULL,
	"shard" smallint NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"percentage_sum" double precision DEFAULT 0 NOT NULL,
	"percentage_square_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "subject_population_stats_pkey" PRIMARY KEY("subject_id","type","shard"),
	CONSTRAINT "subject_population_stats_type_valid" CHECK ("subject_population_stats"."type" in ('custom', 'official', 'all'))
);
--> statement-breakpoint
CREATE TABLE "theme_population_stats" (
	"theme_id" integer NOT NULL,
	"type" text NOT NULL,
	"shard" smallint NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"questions" bigint DEFAULT 0 NOT NULL,
	"correct" bigint DEFAULT 0 NOT NULL,
	"incorrect" bigint DEFAULT 0 NOT NULL,
	"unanswered" bigint DEFAULT 0 NOT NULL,
	"percentage_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "theme_population_stats_pkey" PRIMARY KEY("theme_id","type","shard"),
	CONSTRAINT "theme_population_stats_type_valid" CHECK ("theme_population_stats"."type" in ('custom', 'official', 'all'))
);
--> statement-breakpoint
ALTER TABLE "theme_population_stats" ADD CONSTRAINT "theme_population_stats_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "subject_population_stats" ("subject_id", "type", "shard", "students", "percentage_sum", "percentage_square_sum")
SELECT "subject_id", "type", ("user_id" % 8)::smallint, count(*), sum("p"), sum("p" * "p")
FROM (
  SELECT "user_id", "subject_id", "type", sum("correct") * 100.0 / sum("questions") AS "p"
  FROM (
    SELECT "user_id", "subject_id", "type", "correct", "questions" FROM "user_subject_stats"
    UNION ALL SELECT "user_id", "subject_id", 'all', "correct", "questions" FROM "user_subject_stats"
    UNION ALL SELECT "user_id", 0, "type", "correct", "questions" FROM "user_subject_stats"
    UNION ALL SELECT "user_id", 0, 'all', "correct", "questions" FROM "user_subject_stats"
  ) AS "scoped"
  GROUP BY "user_id", "subject_id", "type"
  HAVING sum("questions") > 0
) AS "per_student"
GROUP BY "subject_id", "type", ("user_id" % 8);
--> statement-breakpoint
INSERT INTO "theme_population_stats" ("theme_id", "type", "shard", "students", "questions", "correct", "incorrect", "unanswered", "percentage_sum")
SELECT "theme_id", "type", ("user_id" % 8)::smallint, count(*), sum("questions"), sum("correct"), sum("incorrect"), sum("unanswered"), sum("correct" * 100.0 / "questions")
FROM (
  SELECT "user_id", "theme_id", "type", sum("questions") AS "questions", sum("correct") AS "correct", sum("incorrect") AS "incorrect", sum("unanswered") AS "unanswered"
  FROM (
    SELECT "user_id", "theme_id", "type", "questions", "correct", "incorrect", "unanswered" FROM "user_theme_stats"
    UNION ALL SELECT "user_id", "theme_id", 'all', "questions", "correct", "incorrect", "unanswered" FROM "user_theme_stats"
  ) AS "scoped"
  GROUP BY "user_id", "theme_id", "type"
  HAVING sum("questions") > 0
) AS "per_student"
GROUP BY "theme_id", "type", ("user_id" % 8);
