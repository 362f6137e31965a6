-- A listener's last play is the latest play still stored (0008 kept it on insert only). When plays go (a song
-- deleted takes its plays with it), each listener they were of is looked up again: one with plays left gets
-- the latest of them, one with none is no longer listed, so 'Active This Week' counts only plays that exist.
CREATE FUNCTION listener_last_plays_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH latest AS (
    SELECT touched.user_id, (SELECT max(p.played_at) FROM song_plays p WHERE p.user_id = touched.user_id) AS last_played_at
    FROM (SELECT DISTINCT user_id FROM old_plays WHERE user_id IS NOT NULL) AS touched
  ), gone AS (
    DELETE FROM listener_last_plays l USING latest WHERE l.user_id = latest.user_id AND latest.last_played_at IS NULL
  )
  UPDATE listener_last_plays l SET last_played_at = latest.last_played_at FROM latest
  WHERE l.user_id = latest.user_id AND latest.last_played_at IS NOT NULL AND l.last_played_at <> latest.last_played_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER song_plays_forget_last_play AFTER DELETE ON song_plays
  REFERENCING OLD TABLE AS old_plays FOR EACH STATEMENT EXECUTE FUNCTION listener_last_plays_forget();
--> statement-breakpoint
-- What songs deleted before this trigger left behind.
DELETE FROM listener_last_plays l WHERE NOT EXISTS (SELECT 1 FROM song_plays p WHERE p.user_id = l.user_id);
--> statement-breakpoint
UPDATE listener_last_plays l SET last_played_at = latest.last_played_at
FROM (SELECT user_id, max(played_at) AS last_played_at FROM song_plays WHERE user_id IS NOT NULL GROUP BY user_id) AS latest
WHERE l.user_id = latest.user_id AND l.last_played_at <> latest.last_played_at;
