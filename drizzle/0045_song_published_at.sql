ALTER TABLE "songs" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "songs_active_published_idx" ON "songs" USING btree ("published_at","id") WHERE "songs"."is_active";--> statement-breakpoint
-- A song enters the catalogue the first time it is active, however it got there (the admin's form or switch, a
-- catalogue import, the seed): one trigger stamps that moment, and later unpublishing keeps it.
CREATE FUNCTION songs_stamp_published() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.published_at := now();
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER songs_stamp_published BEFORE INSERT OR UPDATE ON "songs"
  FOR EACH ROW WHEN (NEW.is_active AND NEW.published_at IS NULL) EXECUTE FUNCTION songs_stamp_published();--> statement-breakpoint
-- What was there before: the earliest publishing the audit trail recorded (the switch, or the form turning the
-- song on), else, for a song active now, its creation (made active by hand or by the seed).
UPDATE "songs" s SET "published_at" = coalesce(
  (SELECT min(a."created_at") FROM "audit_events" a
    WHERE a."subject_kind" = 'song' AND a."subject_id" = s."id"::text
      AND (a."action" = 'song.publish'
        OR (a."action" IN ('song.create', 'song.update') AND a."changes" -> 'isActive' ->> 'after' = 'true'))),
  CASE WHEN s."is_active" THEN s."created_at" END
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;