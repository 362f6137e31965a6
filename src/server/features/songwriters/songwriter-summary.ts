import { eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { songwriterProfiles, users } from '../../db/schema';

/**
 * A songwriter as the other pages name them, to join by id: their profile's name, else their username, else their
 * email. One subquery over the account and its profile, so each query joins it once instead of both tables.
 */
export const songwriterSummary = new QueryBuilder()
  .select({
    id: users.id,
    name: sql<string>`coalesce(nullif(trim(concat_ws(' ', ${songwriterProfiles.firstName}, ${songwriterProfiles.lastName})), ''), ${songwriterProfiles.username}, ${users.email})`.as(
      // Drizzle names a subquery's computed column by its alias alone, unqualified: one no table has.
      'songwriter_name',
    ),
    username: songwriterProfiles.username,
    email: users.email,
  })
  .from(users)
  .leftJoin(songwriterProfiles, eq(songwriterProfiles.userId, users.id))
  .as('songwriter');
