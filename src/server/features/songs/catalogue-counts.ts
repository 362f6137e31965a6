import { LRUCache } from 'lru-cache';
import type { CatalogueQuery } from '../../../common/schemas/catalogue';

/** A count of the songs matching some filters, as read at one catalogue version. */
export interface KeptCount {
  version: number;
  total: number;
}

/**
 * Counts of matching songs, one per set of filters, each kept with the catalogue version it was read at
 * (catalogue_version, moved by the database on every write to songs). A page sends the version its kept count
 * was read at, and the database counts again only when the catalogue has moved since, so a query asked again
 * costs its page alone, and a count is never older than the songs it counts.
 */
export interface CatalogueCounts {
  kept(key: string): KeptCount | undefined;
  keep(key: string, count: KeptCount): void;
}

export function createCatalogueCounts(max = 5_000): CatalogueCounts {
  const counts = new LRUCache<string, KeptCount>({ max });
  return {
    kept: (key) => counts.get(key),
    keep: (key, count) => void counts.set(key, count),
  };
}

/**
 * What a count depends on: the filters (not the sort, the page or the cursor), in one spelling. Genres compare
 * without case; `newSince` is the viewer's own "new" line when the page keeps to new songs.
 */
export function countKeyOf(query: CatalogueQuery, newSince?: Date): string {
  return JSON.stringify([
    query.q ?? null,
    query.genre?.toLowerCase() ?? null,
    query.key ?? null,
    query.oneStop ?? null,
    query.bpmMin ?? null,
    query.bpmMax ?? null,
    query.chorusBy ?? null,
    query.introUnder ?? null,
    query.newOnly && newSince ? newSince.toISOString() : null,
  ]);
}
