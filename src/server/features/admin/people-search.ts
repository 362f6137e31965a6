import { sql, type SQL } from 'drizzle-orm';
import { likePattern } from '../../lib/like-pattern';

/**
 * The ids of the accounts whose e-mail, account name, username or profile name contains `term`, ignoring case:
 * the admin's search of All Users and Customers. Each table is searched on its own, so each condition can use
 * its trigram index (migration 0011), instead of matching every account joined to its profile.
 */
export function accountsMatching(term: string): SQL {
  const pattern = likePattern(term);
  return sql`(
    select u.id from users u where u.deleted_at is null and (u.email ilike ${pattern} or u.name ilike ${pattern})
    union
    select p.user_id from songwriter_profiles p
    where p.username ilike ${pattern} or (coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) ilike ${pattern})`;
}
