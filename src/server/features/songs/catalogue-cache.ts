import { LRUCache } from 'lru-cache';
import type { CatalogueQuery } from '../../../common/schemas/catalogue';
import type { Db } from '../../db/client';
import { createCatalogueCounts, type CatalogueCounts } from './catalogue-counts';
import { listCatalogue, readCatalogueSong, type CatalogueSong } from './songs.service';

export type CatalogueList = Awaited<ReturnType<typeof listCatalogue>>;

export interface CatalogueCache {
  /** The page for this query: from the cache if read within the last `ttlMs`, else from the database. */
  list(db: Db, query: CatalogueQuery): Promise<CatalogueList>;
  /** The active song of this slug with its approved comments (undefined when there is none, which is not cached). */
  song(db: Db, slug: string): Promise<CatalogueSong>;
  /** Counts of matches kept by catalogue version, for pages read past the cache (a listener's own). */
  counts: CatalogueCounts;
  /** After any change to songs or comments: the next read of every page goes to the database. */
  clear(): void;
}

export interface CacheOptions {
  /** 0 caches nothing. */
  ttlMs?: number;
  max?: number;
  /** The clock entries age by (tests pass their own). */
  perf?: { now(): number };
}

/**
 * Catalogue pages (lists and songs) are the same for every listener and change only when an admin edits songs
 * or approves comments, while many listeners ask for the same few pages. Concurrent reads of a page share one
 * query (lru-cache's fetch). This instance clears the cache after every admin write (clearCachesAfterAdminWrites);
 * another instance on the same database shows a change after at most `ttlMs`.
 */
export function createCatalogueCache({ ttlMs = 2_000, max = 500, perf }: CacheOptions = {}): CatalogueCache {
  // Kept whatever the pages' ttl: a kept count is checked against the catalogue's version on every read.
  const counts = createCatalogueCounts();
  if (ttlMs === 0) {
    return { list: (db, query) => listCatalogue({ db, query, counts }), song: readCatalogueSong, counts, clear: () => {} };
  }
  const settings = { max, ttl: ttlMs, ttlResolution: 0, ...(perf && { perf }) };
  const pages = new LRUCache<string, CatalogueList, { db: Db; query: CatalogueQuery }>({
    ...settings,
    fetchMethod: (_key, _stale, { context }) => listCatalogue({ ...context, counts }),
  });
  const songPages = new LRUCache<string, NonNullable<CatalogueSong>, Db>({
    ...settings,
    fetchMethod: (slug, _stale, { context }) => readCatalogueSong(context, slug),
  });
  return {
    // A read the cache gives up on (cleared while it ran, after an admin's change) is made again directly,
    // so the request it served still gets an answer, and a fresh one.
    list: async (db, query) =>
      (await pages.fetch(JSON.stringify(query), { context: { db, query } }).catch(() => listCatalogue({ db, query, counts })))!,
    song: (db, slug) => songPages.fetch(slug, { context: db }).catch(() => readCatalogueSong(db, slug)),
    counts,
    clear: () => {
      pages.clear();
      songPages.clear();
      // Counts stay: each is checked against the catalogue's version, which every write to songs moves.
    },
  };
}
