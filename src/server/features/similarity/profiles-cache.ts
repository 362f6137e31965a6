import type { Db } from '../../db/client';
import { loadCatalogueProfiles, type CatalogueProfiles } from './catalogue-profiles';

/**
 * The catalogue's scaled profiles, kept in memory per database: a "more like this" query compares one vector
 * with every song's, which takes a few milliseconds in memory but far longer to read from the database each time.
 * This instance reads them again after an admin's write and after an analysis (clearCatalogueProfiles); another
 * instance on the same database catches up within PROFILES_TTL_MS.
 */
export const PROFILES_TTL_MS = 60_000;

let cached = new WeakMap<Db, { at: number; profiles: Promise<CatalogueProfiles> }>();

export function catalogueProfiles(db: Db, now = performance.now()): Promise<CatalogueProfiles> {
  const entry = cached.get(db);
  if (entry && now - entry.at < PROFILES_TTL_MS) return entry.profiles;
  const profiles = loadCatalogueProfiles(db);
  cached.set(db, { at: now, profiles });
  // A failed read is not kept: the next query tries again.
  profiles.catch(() => cached.get(db)?.profiles === profiles && cached.delete(db));
  return profiles;
}

/** After songs or their profiles changed: the next query reads them again. */
export function clearCatalogueProfiles(): void {
  cached = new WeakMap();
}
