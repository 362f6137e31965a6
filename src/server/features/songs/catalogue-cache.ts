import type { CatalogueQuery } from '../../../common/schemas/catalogue';
import type { Db } from '../../db/client';
import { keepForAMoment } from '../../lib/kept-for-a-moment';
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
  const pages = keepForAMoment<KeptJson>({ keepMs: ttlMs, maxKept: maxPages });
  return {
    list: (db, query) => pages.get(JSON.stringify(query), () => listCatalogue({ db, query }).then(keepJson)),
    clear: () => pages.clear(),
  };
}
