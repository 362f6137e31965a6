import type { CatalogueQuery } from '../../../common/schemas/catalogue';
import type { Db } from '../../db/client';
import { keepForAMoment } from '../../lib/kept-for-a-moment';
import { keepJson, type KeptJson } from '../../lib/kept-json';
import { listCatalogue, readCatalogueSong, type CatalogueSong } from './songs.service';

export interface CatalogueCache {
  /**
   * The page for this query, as JSON with its ETag: from memory if asked for within the last `ttlMs`, else from
   * the database. Kept serialized, so a kept page costs neither JSON.stringify nor a hash per request.
   */
  list(db: Db, query: CatalogueQuery): Promise<KeptJson>;
  /** The active song of this slug with its approved comments (undefined when there is none), kept the same way. */
  song(db: Db, slug: string): Promise<CatalogueSong>;
  /** After any change to songs or comments: the next ask of every page goes to the database. */
  clear(): void;
}

/**
 * Catalogue pages (lists and songs) are the same for every listener and change only when an admin edits
 * songs or approves comments, while many listeners ask for the same few pages: each page is kept for a
 * moment (bench row P4; decision 0016). Concurrent asks for a page share one query. This process forgets
 * everything after any admin write (middleware/require-user.ts, forgetKeptAfterChanges); another instance on
 * the same database shows a change after at most `ttlMs`.
 */
export function createCatalogueCache({ ttlMs = 2_000, maxPages = 500 } = {}): CatalogueCache {
  const pages = keepForAMoment<KeptJson>({ keepMs: ttlMs, maxKept: maxPages });
  const songPages = keepForAMoment<CatalogueSong>({ keepMs: ttlMs, maxKept: maxPages });
  return {
    list: (db, query) => pages.get(JSON.stringify(query), () => listCatalogue({ db, query }).then(keepJson)),
    song: (db, slug) => songPages.get(slug, () => readCatalogueSong(db, slug)),
    clear: () => {
      pages.clear();
      songPages.clear();
    },
  };
}
