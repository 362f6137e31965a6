-- listener_last_plays and row_counts (0007) are kept by the database itself, in the transaction of each
-- write, so every way a row is written (the app, seeds, bulk loads, later features) is counted. Statement
-- triggers with transition tables: one grouped upsert per statement, however many rows it touched.
CREATE FUNCTION listener_last_plays_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listener_last_plays (user_id, last_played_at)
  SELECT user_id, max(played_at) FROM new_plays WHERE user_id IS NOT NULL GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE
    SET last_played_at = greatest(listener_last_plays.last_played_at, excluded.last_played_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER song_plays_keep_last_play AFTER INSERT ON song_plays
  REFERENCING NEW TABLE AS new_plays FOR EACH STATEMENT EXECUTE FUNCTION listener_last_plays_keep();
--> statement-breakpoint
CREATE FUNCTION row_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (table_name, rows) SELECT TG_TABLE_NAME, count(*) FROM changed_rows
    ON CONFLICT (table_name) DO UPDATE SET rows = row_counts.rows + excluded.rows;
  ELSE
    UPDATE row_counts SET rows = greatest(0, rows - (SELECT count(*) FROM changed_rows)) WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_count_inserted AFTER INSERT ON users
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_keep();
--> statement-breakpoint
CREATE TRIGGER users_count_deleted AFTER DELETE ON users
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_keep();
--> statement-breakpoint
-- What was there before the triggers.
INSERT INTO listener_last_plays (user_id, last_played_at)
SELECT user_id, max(played_at) FROM song_plays WHERE user_id IS NOT NULL GROUP BY user_id;
--> statement-breakpoint
INSERT INTO row_counts (table_name, rows) SELECT 'users', count(*) FROM users;
