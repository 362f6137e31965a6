import type { CatalogueQuery } from '../../../common/schemas/catalogue';
import type { Db } from '../../db/client';
import { keepJson, type KeptJson } from '../../lib/kept-json';
import { listCatalogue } from './songs.service';

export interface CatalogueCache {
  /**
   * The page for this query, as JSON with its ETag: from memory if asked for within the last `ttlMs`, else from
   * the database. Kept serialized, so a kept page costs neither JSON.stringify nor a hash per request.
   */
  list(db: Db, query: CatalogueQuery): Promise<KeptJson>;
  /** After any change to songs: the next ask of every query goes to the database. */
  clear(): void;
}

/**
 * Catalogue pages are the same for every listener and change only when an admin edits songs, while many
 * listeners ask for the same few pages: each page is kept for a moment (issue 10, P4; decision 0016).
 * Concurrent asks for a page share one query. This process forgets everything on any song write; another
 * instance on the same database shows a change after at most `ttlMs`.
 */
export function createCatalogueCache({ ttlMs = 2_000, maxPages = 500 } = {}): CatalogueCache {
  const pages = new Map<string, { at: number; page: Promise<KeptJson> }>();
  return {
    list(db, query) {
      const key = JSON.stringify(query);
      const now = performance.now();
      const kept = pages.get(key);
      if (kept && now - kept.at < ttlMs) return kept.page;
      const page = listCatalogue({ db, query }).then(keepJson);
      // Oldest first out; a refreshed page moves to the end.
      pages.delete(key);
      if (pages.size >= maxPages) pages.delete(pages.keys().next().value!);
      pages.set(key, { at: now, page });
      // A failure is not kept: the next ask tries again.
      page.catch(() => {
        if (pages.get(key)?.page === page) pages.delete(key);
      });
      return page;
    },
    clear() {
      pages.clear();
    },
  };
}
