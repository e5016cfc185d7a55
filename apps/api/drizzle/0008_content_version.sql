-- Question content served apart from the attempt: every stem carries a content version
-- taken from one sequence, so a set of stems is named by its ids and the largest of their versions
-- (any change to a member raises that maximum). Triggers bump it when what a student sees changes:
-- the statement, the source link or the context of the stem, its choices, or the context's text.
CREATE SEQUENCE "content_version_seq";
--> statement-breakpoint
ALTER TABLE "stems" ADD COLUMN "content_version" bigint DEFAULT nextval('content_version_seq') NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "stems_bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."statement_html", NEW."url_source", NEW."context_id")
      IS DISTINCT FROM (OLD."statement_html", OLD."url_source", OLD."context_id") THEN
    NEW."content_version" := nextval('content_version_seq');
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stems_content_version" BEFORE UPDATE ON "stems"
  FOR EACH ROW EXECUTE FUNCTION "stems_bump_content_version"();
--> statement-breakpoint
CREATE FUNCTION "stem_choices_bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW."stem_id", NEW."position", NEW."body_html")
      IS NOT DISTINCT FROM (OLD."stem_id", OLD."position", OLD."body_html") THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE "stems" SET "content_version" = nextval('content_version_seq') WHERE "id" = OLD."stem_id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE "stems" SET "content_version" = nextval('content_version_seq') WHERE "id" = NEW."stem_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stem_choices_content_version" AFTER INSERT OR UPDATE OR DELETE ON "stem_choices"
  FOR EACH ROW EXECUTE FUNCTION "stem_choices_bump_content_version"();
--> statement-breakpoint
CREATE FUNCTION "contexts_bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."title", NEW."body_html") IS DISTINCT FROM (OLD."title", OLD."body_html") THEN
    UPDATE "stems" SET "content_version" = nextval('content_version_seq') WHERE "context_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contexts_content_version" AFTER UPDATE ON "contexts"
  FOR EACH ROW EXECUTE FUNCTION "contexts_bump_content_version"();
