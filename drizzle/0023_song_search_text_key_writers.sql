-- The catalogue search also matches a song's key and its writers' names. The writers live in song_writers,
-- which a generated column cannot read, so songs.writer_names (kept by triggers, migration 0024) carries
-- their names to it. A song without a key or writers keeps the text it had. Immutable for the same reason
-- as the three-argument version of migration 0002, which migration 0023 stops using and 0024 drops.
CREATE FUNCTION song_search_text(title text, lyrics text, tags text[], musical_key text, writer_names text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT title || E'\n' || lyrics || E'\n' || array_to_string(tags, E'\n')
       || coalesce(E'\n' || musical_key, '') || coalesce(E'\n' || nullif(writer_names, ''), '') $$;
