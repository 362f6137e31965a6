-- Dropping songs.search_text to redefine it (migration 0023) dropped its trigram index with it: the same index
-- again, so the catalogue's "contains" search stays an index scan.
CREATE INDEX "songs_search_text_trgm_idx" ON "songs" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
DROP FUNCTION song_search_text(text, text, text[]);
--> statement-breakpoint
-- songs.writer_names is the song's writers' names, one per line in credit order, kept by the database so that
-- every way writers are written (the admin form, a signed pitch agreement, seeds, a console) reaches the
-- search. Statement-level triggers with transition tables, as for song_play_days: one update per statement,
-- and a song is rewritten only when its names changed (not for a new share alone).
CREATE FUNCTION song_writer_names_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT song_id) INTO changed FROM new_writers;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT song_id) INTO changed FROM old_writers;
  ELSE
    SELECT array_agg(DISTINCT song_id) INTO changed FROM (SELECT song_id FROM new_writers UNION SELECT song_id FROM old_writers) c;
  END IF;
  UPDATE songs s SET writer_names = n.names
  FROM (
    SELECT u.id, coalesce((SELECT string_agg(w.name, E'\n' ORDER BY w.position) FROM song_writers w WHERE w.song_id = u.id), '') AS names
    FROM unnest(changed) AS u(id)
  ) n
  WHERE s.id = n.id AND s.writer_names IS DISTINCT FROM n.names;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER song_writers_names_inserted AFTER INSERT ON song_writers
  REFERENCING NEW TABLE AS new_writers FOR EACH STATEMENT EXECUTE FUNCTION song_writer_names_refresh();
--> statement-breakpoint
CREATE TRIGGER song_writers_names_updated AFTER UPDATE ON song_writers
  REFERENCING OLD TABLE AS old_writers NEW TABLE AS new_writers FOR EACH STATEMENT EXECUTE FUNCTION song_writer_names_refresh();
--> statement-breakpoint
CREATE TRIGGER song_writers_names_deleted AFTER DELETE ON song_writers
  REFERENCING OLD TABLE AS old_writers FOR EACH STATEMENT EXECUTE FUNCTION song_writer_names_refresh();
