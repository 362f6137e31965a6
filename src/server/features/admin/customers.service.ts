import { sql, type SQL } from 'drizzle-orm';
import type { OrderPaymentStatus } from '../../../common/constants';
import type { CustomersQuery } from '../../../common/schemas/admin-ops';
import { queryRows, type Db } from '../../db/client';
import { accountsMatching } from './people-search';

/** Needs service: a paid order still owed songs, or a review still pending. */
const needsService = sql`(
  exists (select 1 from orders o2 where o2.songwriter_id = u.id and o2.payment_status in ('paid', 'completed') and o2.songs_submitted < o2.package_size)
  or exists (select 1 from song_reviews sr where sr.songwriter_id = u.id and sr.status = 'pending'))`;

/** The same rule as a set: the songwriters who need service. */
const needingService = sql`(
  select o2.songwriter_id from orders o2
  where o2.songwriter_id is not null and o2.payment_status in ('paid', 'completed') and o2.songs_submitted < o2.package_size
  union
  select sr.songwriter_id from song_reviews sr where sr.songwriter_id is not null and sr.status = 'pending')`;

interface CustomerRow {
  user_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  order_count: number;
  total_spent_cents: number;
  songs_owed: number;
  last_order_at: Date | string;
  needs_service: boolean;
}

/** Songwriters with paid orders, with totals; paged and filtered in the database. */
export async function listCustomers({ db, query }: { db: Db; query: CustomersQuery }) {
  // Every filter, those on the person included, picks orders by their songwriter: the page and the count come
  // from the orders alone, and only the page's customers are looked up (bench row P7).
  const orderFilters: SQL[] = [sql`o.payment_status in ('paid', 'completed')`, sql`o.songwriter_id is not null`];
  if (query.packageSize) orderFilters.push(sql`o.package_size = ${query.packageSize}`);
  if (query.from) orderFilters.push(sql`o.created_at >= ${query.from}::date`);
  if (query.to) orderFilters.push(sql`o.created_at < ${query.to}::date + interval '1 day'`);
  if (query.q) orderFilters.push(sql`o.songwriter_id in ${accountsMatching(query.q)}`);
  if (query.needsService === 'true') orderFilters.push(sql`o.songwriter_id in ${needingService}`);
  if (query.needsService === 'false') orderFilters.push(sql`o.songwriter_id not in ${needingService}`);

  const matched = sql`
    select o.songwriter_id as user_id, count(*) as order_count, sum(o.amount_paid_cents) as total_spent,
      sum(o.package_size - o.songs_submitted) as songs_owed, max(o.created_at) as last_order_at
    from orders o where ${sql.join(orderFilters, sql` and `)}
    group by o.songwriter_id`;
  const [rows, totals] = await Promise.all([
    queryRows<CustomerRow>(
      db,
      sql`
      select u.id as user_id, u.email, p.first_name, p.last_name, p.username, m.order_count::int, m.total_spent::int as total_spent_cents,
        m.songs_owed::int, m.last_order_at, ${needsService} as needs_service
      from (
        select * from (${matched}) as m
        order by m.last_order_at desc, m.user_id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
      ) as m
      join users u on u.id = m.user_id
      left join songwriter_profiles p on p.user_id = u.id
      order by m.last_order_at desc, m.user_id`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from (${matched}) as m`),
  ]);
  return {
    rows: rows.map((r) => ({
      userId: r.user_id,
      email: r.email,
      firstName: r.first_name,
      lastName: r.last_name,
      username: r.username,
      orderCount: Number(r.order_count),
      totalSpentCents: Number(r.total_spent_cents),
      songsOwed: Number(r.songs_owed),
      lastOrderAt: new Date(r.last_order_at).toISOString(),
      needsService: r.needs_service,
    })),
    total: Number(totals[0]?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One customer's orders with their reviews' progress, newest first. */
export async function listCustomerOrders({ db, userId }: { db: Db; userId: string }) {
  const rows = await queryRows<{
    id: string;
    package_size: number;
    songs_submitted: number;
    payment_status: OrderPaymentStatus;
    amount_paid_cents: number;
    created_at: Date | string;
    pending_reviews: number;
  }>(
    db,
    sql`select o.id, o.package_size, o.songs_submitted, o.payment_status, o.amount_paid_cents, o.created_at,
      (select count(*) from song_reviews sr where sr.order_id = o.id and sr.status <> 'reviewed')::int as pending_reviews
    from orders o where o.songwriter_id = ${userId} and o.payment_status in ('paid', 'completed')
    order by o.created_at desc`,
  );
  return rows.map((r) => ({
    id: r.id,
    packageSize: Number(r.package_size),
    songsSubmitted: Number(r.songs_submitted),
    paymentStatus: r.payment_status,
    amountPaidCents: Number(r.amount_paid_cents),
    createdAt: new Date(r.created_at).toISOString(),
    pendingReviews: Number(r.pending_reviews),
  }));
}
