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
