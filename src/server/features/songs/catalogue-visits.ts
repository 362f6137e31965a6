import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { CATALOGUE_VISIT_GAP_MS } from '../../../common/constants';
import { queryRows, type DbOrTx } from '../../db/client';
import { catalogueVisits } from '../../db/schema';

/**
 * Records that the listener looks at the catalogue at `now`, and answers where "new" starts for them. The first
 * look starts it at `now` (nothing is new to someone who has seen nothing yet); a look CATALOGUE_VISIT_GAP_MS or
 * more after the last begins a new visit, whose "new" starts where the last visit ended; any other look only moves
 * `lastSeenAt`, so the badges do not vanish while they page and filter. One statement, safe against a racing look.
 */
export async function recordCatalogueVisit(db: DbOrTx, userId: string, now: Date): Promise<Date> {
  const gapStart = new Date(now.getTime() - CATALOGUE_VISIT_GAP_MS);
  const [row] = await queryRows<{ newSince: string | Date }>(
    db,
    sql`insert into ${catalogueVisits} (user_id, last_seen_at, new_since) values (${userId}, ${now}, ${now})
      on conflict (user_id) do update set
        new_since = case when ${catalogueVisits}.last_seen_at <= ${gapStart}
          then ${catalogueVisits}.last_seen_at else ${catalogueVisits}.new_since end,
        last_seen_at = greatest(${catalogueVisits}.last_seen_at, excluded.last_seen_at)
      returning new_since as "newSince"`,
  );
  return new Date(row!.newSince);
}

/** How long a look is remembered in memory before the next one is written: well inside the gap. */
const TOUCH_EVERY_MS = 60_000;

export interface CatalogueVisits {
  /** `recordCatalogueVisit`, written at most once a minute per listener on this instance. */
  look(db: DbOrTx, userId: string, now: Date): Promise<Date>;
}

/**
 * Every catalogue page records a look, and most looks are moments apart: this instance writes one a minute per
 * listener and answers the others from memory, so paging stays one query. Another instance may hold the same
 * listener's look a minute longer, which a gap of an hour does not notice.
 */
export function createCatalogueVisits(max = 10_000): CatalogueVisits {
  const recent = new LRUCache<string, { at: number; newSince: Date }>({ max });
  return {
    look: async (db, userId, now) => {
      const kept = recent.get(userId);
      if (kept && now.getTime() - kept.at >= 0 && now.getTime() - kept.at < TOUCH_EVERY_MS) return kept.newSince;
      const newSince = await recordCatalogueVisit(db, userId, now);
      recent.set(userId, { at: now.getTime(), newSince });
      return newSince;
    },
  };
}
