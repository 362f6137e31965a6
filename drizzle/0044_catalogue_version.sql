CREATE TABLE "catalogue_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK ("catalogue_version"."id")
);
--> statement-breakpoint
CREATE INDEX "songs_active_key_title_idx" ON "songs" USING btree ("musical_key",lower("title"),"id") WHERE "songs"."is_active";--> statement-breakpoint
-- catalogue_version moves with every statement that writes songs, and with every change to the measured facts
-- the catalogue filters on (decision 0101), in the writer's own transaction, so that a count of matching songs
-- read at one version is the count for as long as the version stays. Every way songs are written reaches it.
CREATE FUNCTION catalogue_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER songs_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON songs
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
CREATE TRIGGER stored_files_catalogue_version AFTER UPDATE OF first_chorus_seconds, intro_seconds ON stored_files
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
--> statement-breakpoint
INSERT INTO catalogue_version (id, version) VALUES (true, 0);
