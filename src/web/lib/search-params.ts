import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type * as z from 'zod/mini';

/**
 * Reads a page's filters from the URL with the same zod schema the API validates them with. A value the
 * schema refuses (a hand-edited or stale link) is dropped, so the rest of the filters still apply.
 */
export function parseSearchParams<S extends z.ZodMiniType>(schema: S, params: URLSearchParams): z.output<S> {
  const input: Record<string, string> = {};
  for (const [key, value] of params) if (value !== '') input[key] = value;
  for (let attempt = 0; attempt <= Object.keys(input).length; attempt++) {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    const bad = new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '')));
    let dropped = false;
    for (const key of bad) if (key in input) dropped = delete input[key];
    if (!dropped) break;
  }
  return schema.parse({});
}

/** The next URL: each given key set (or removed when empty), everything else kept; the page goes back to 1 unless given. */
export function nextSearchParams(params: URLSearchParams, changes: Record<string, string | number | undefined>): URLSearchParams {
  const next = new URLSearchParams(params);
  if (!('page' in changes)) next.delete('page');
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '' || (key === 'page' && Number(value) <= 1)) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** What a list page may change in its URL: any of its schema's keys, a value or undefined to drop it. */
export type SearchChanges<S extends z.ZodMiniType> = Partial<Record<keyof z.input<S> & string, string | number | undefined>>;

/**
 * A list page's filters and page, kept in the URL so a reload or a shared link shows the same list: read with
 * the API's own schema (parseSearchParams), changed a few keys at a time (nextSearchParams). `replace` for
 * changes that come as the user types, so each pause does not add a history entry.
 */
export function useListSearch<S extends z.ZodMiniType>(schema: S): [z.output<S>, (changes: SearchChanges<S>, replace?: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseSearchParams(schema, params), [schema, params]);
  const update = useCallback(
    (changes: SearchChanges<S>, replace = false) =>
      // From the address bar, not this render's params: two quick changes must both land.
      setParams(nextSearchParams(new URLSearchParams(window.location.search), changes), { replace, preventScrollReset: true }),
    [setParams],
  );
  return [query, update];
}
