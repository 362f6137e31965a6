import { sql, type SQL } from 'drizzle-orm';
import type { AllUsersQuery, UserBadge } from '../../../common/schemas/admin-ops';
import type { Role } from '../../../common/constants';
import { queryRows, type Db } from '../../db/client';
import { cappedCount } from '../../lib/capped-count';
import { isPaidOrder } from '../orders';
import { accountsMatching } from './people-search';

const hasPaidOrder = sql`exists (select 1 from orders o where o.songwriter_id = u.id and ${isPaidOrder(sql`o.payment_status`)})`;

/** The badge rule of the admin's user list, as SQL over `u` (users) and `p` (songwriter_profiles). */
const BADGE_FILTERS: Record<UserBadge, SQL> = {
  'email-not-confirmed': sql`not u.email_verified`,
  'no-profile': sql`u.email_verified and p.username is null`,
  'profile-only': sql`u.email_verified and p.username is not null and not ${hasPaidOrder}`,
  purchased: sql`u.email_verified and p.username is not null and ${hasPaidOrder}`,
};

export function badgeOf(user: { emailConfirmed: boolean; username: string | null; orderCount: number }): {
  badge: UserBadge;
  label: string;
} {
  if (!user.emailConfirmed) return { badge: 'email-not-confirmed', label: 'Email Not Confirmed' };
  if (!user.username) return { badge: 'no-profile', label: 'No Profile' };
  if (user.orderCount === 0) return { badge: 'profile-only', label: 'Profile Only' };
  return { badge: 'purchased', label: `Purchased (${user.orderCount})` };
}

interface UserRow {
  user_id: string;
  email: string;
  email_confirmed: boolean;
  name: string;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  order_count: number;
  total_spent_cents: number;
  roles: Role[] | null;
  created_at: Date | string;
  last_sign_in_at: Date | string | null;
}

/** get_all_users_admin, paged and filtered in the database. */
export async function listAllUsers({ db, query }: { db: Db; query: AllUsersQuery }) {
  // A deleted account's row stays only for the records it holds (decision 0047): it is nobody's account now.
  const filters: SQL[] = [sql`u.deleted_at is null`];
  if (query.q) filters.push(sql`u.id in ${accountsMatching(query.q)}`);
  if (query.role === 'none') filters.push(sql`not exists (select 1 from user_roles r where r.user_id = u.id)`);
  else if (query.role) filters.push(sql`exists (select 1 from user_roles r where r.user_id = u.id and r.role = ${query.role})`);
  if (query.badge) filters.push(BADGE_FILTERS[query.badge]);
  const where = sql.join(filters, sql` and `);

  const [rows, totals] = await Promise.all([
    queryRows<UserRow>(
      db,
      sql`
      select u.id as user_id, u.email, u.email_verified as email_confirmed, u.name, p.first_name, p.last_name, p.username,
        coalesce(o.order_count, 0)::int as order_count, coalesce(o.total_spent, 0)::int as total_spent_cents,
        r.roles, u.created_at, u.last_sign_in_at
      from users u
      left join songwriter_profiles p on p.user_id = u.id
      left join lateral (
        select count(*) as order_count, sum(amount_paid_cents) as total_spent from orders o where o.songwriter_id = u.id and ${isPaidOrder(sql`o.payment_status`)}
      ) o on true
      left join lateral (select array_agg(role order by role) as roles from user_roles r where r.user_id = u.id) r on true
      where ${where}
      order by u.created_at desc, u.id
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    cappedCount(db, sql`select 1 from users u left join songwriter_profiles p on p.user_id = u.id where ${where}`, query),
  ]);
  return {
    rows: rows.map((r) => {
      const orderCount = Number(r.order_count);
      return {
        userId: r.user_id,
        email: r.email,
        emailConfirmed: r.email_confirmed,
        name: r.name,
        firstName: r.first_name,
        lastName: r.last_name,
        username: r.username,
        orderCount,
        totalSpentCents: Number(r.total_spent_cents),
        roles: r.roles ?? [],
        createdAt: new Date(r.created_at).toISOString(),
        lastSignInAt: r.last_sign_in_at ? new Date(r.last_sign_in_at).toISOString() : null,
        ...badgeOf({ emailConfirmed: r.email_confirmed, username: r.username, orderCount }),
      };
    }),
    ...totals,
    page: query.page,
    pageSize: query.pageSize,
  };
}
