CREATE TABLE "song_genres" (
	"genre" text PRIMARY KEY NOT NULL,
	"active_songs" integer NOT NULL
);
--> statement-breakpoint
-- song_genres is the catalogue's genre facet: active songs per genre, kept by the database (decision 0090) so
-- that every way songs are written (the admin form, a signed agreement, a bulk import, seeds, a console)
-- reaches it. Statement-level triggers with transition tables, as for song_writers' names: one upsert per
-- statement, of the genres whose count moved; a genre with no active song left is removed.
CREATE FUNCTION song_genres_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  genres text[];
  moves integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(genre), array_agg(1) INTO genres, moves FROM new_songs WHERE is_active AND genre IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(genre), array_agg(-1) INTO genres, moves FROM old_songs WHERE is_active AND genre IS NOT NULL;
  ELSE
    -- Only the rows whose genre or state changed: a reorder rewrites every song and moves no count.
    SELECT array_agg(c.genre), array_agg(c.n) INTO genres, moves FROM (
      SELECT x.genre, x.n FROM new_songs n JOIN old_songs o ON o.id = n.id,
        LATERAL (VALUES (n.genre, n.is_active, 1), (o.genre, o.is_active, -1)) AS x(genre, active, n)
      WHERE (n.genre, n.is_active) IS DISTINCT FROM (o.genre, o.is_active) AND x.active AND x.genre IS NOT NULL
    ) c;
  END IF;
  IF genres IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO song_genres AS g (genre, active_songs)
    SELECT m.genre, sum(m.n)::int FROM unnest(genres, moves) AS m(genre, n) GROUP BY m.genre HAVING sum(m.n) <> 0
  ON CONFLICT (genre) DO UPDATE SET active_songs = g.active_songs + excluded.active_songs;
  DELETE FROM song_genres WHERE active_songs <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER songs_genres_inserted AFTER INSERT ON songs
  REFERENCING NEW TABLE AS new_songs FOR EACH STATEMENT EXECUTE FUNCTION song_genres_refresh();
--> statement-breakpoint
CREATE TRIGGER songs_genres_updated AFTER UPDATE ON songs
  REFERENCING OLD TABLE AS old_songs NEW TABLE AS new_songs FOR EACH STATEMENT EXECUTE FUNCTION song_genres_refresh();
--> statement-breakpoint
CREATE TRIGGER songs_genres_deleted AFTER DELETE ON songs
  REFERENCING OLD TABLE AS old_songs FOR EACH STATEMENT EXECUTE FUNCTION song_genres_refresh();
--> statement-breakpoint
INSERT INTO song_genres (genre, active_songs)
  SELECT genre, count(*)::int FROM songs WHERE is_active AND genre IS NOT NULL GROUP BY genre;
