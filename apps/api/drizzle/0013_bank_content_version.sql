-- A subject's whole bank served as one content body: its name is the subject, the number
-- of its stems and the largest content version among them, so the version must also rise when a
-- stem joins or leaves the active bank or moves to another subject, not only when its text changes.
CREATE OR REPLACE FUNCTION "stems_bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."statement_html", NEW."url_source", NEW."context_id", NEW."is_active", NEW."subject_id")
      IS DISTINCT FROM
     (OLD."statement_html", OLD."url_source", OLD."context_id", OLD."is_active", OLD."subject_id") THEN
    NEW."content_version" := nextval('content_version_seq');
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stems_subject_id_content_version_idx" ON "stems" ("subject_id", "content_version");
