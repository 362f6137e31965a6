-- song_play_days is the number of song_plays rows per UTC day, kept by the database itself so that every
-- way a play is written (the player, seeds, bulk loads, later features) is counted. Statement-level
-- triggers with transition tables: one grouped upsert per statement, however many rows it touched.
CREATE FUNCTION song_play_days_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO song_play_days (day, plays)
    SELECT (played_at AT TIME ZONE 'UTC')::date, count(*) FROM changed_plays GROUP BY 1
    ON CONFLICT (day) DO UPDATE SET plays = song_play_days.plays + excluded.plays;
  ELSE
    UPDATE song_play_days d SET plays = greatest(0, d.plays - c.plays)
    FROM (SELECT (played_at AT TIME ZONE 'UTC')::date AS day, count(*) AS plays FROM changed_plays GROUP BY 1) c
    WHERE d.day = c.day;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER song_plays_count_inserted AFTER INSERT ON song_plays
  REFERENCING NEW TABLE AS changed_plays FOR EACH STATEMENT EXECUTE FUNCTION song_play_days_count();
--> statement-breakpoint
CREATE TRIGGER song_plays_count_deleted AFTER DELETE ON song_plays
  REFERENCING OLD TABLE AS changed_plays FOR EACH STATEMENT EXECUTE FUNCTION song_play_days_count();
--> statement-breakpoint
-- The plays recorded before the table existed.
INSERT INTO song_play_days (day, plays)
SELECT (played_at AT TIME ZONE 'UTC')::date, count(*) FROM song_plays GROUP BY 1;
