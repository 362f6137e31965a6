-- Trigram indexes make the catalogue's "contains" search (ILIKE '%word%') an index scan.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The text the catalogue search matches: title, lyrics and every tag, one per line. Immutable so that
-- songs.search_text can be a generated column (array_to_string itself is only marked stable).
CREATE FUNCTION song_search_text(title text, lyrics text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT title || E'\n' || lyrics || E'\n' || array_to_string(tags, E'\n') $$;
