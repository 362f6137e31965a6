import { sql, type SQL } from 'drizzle-orm';
import type { OrderPaymentStatus } from '../../../common/constants';
import type { CustomersQuery } from '../../../common/schemas/admin-ops';
import { queryRows, type Db } from '../../db/client';
import { cappedCount } from '../../lib/capped-count';
import { isPaidOrder } from '../orders';
import { needsService, songwritersNeedingService } from './needs-service';
import { accountsMatching } from './people-search';

interface CustomerRow {
  user_id: string;
  email: string;
  deleted: boolean;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  order_count: number;
  total_spent_cents: number;
  total_credit_cents: number;
  late_credits: number;
  late_credit_cents: number;
  songs_owed: number;
  last_order_at: Date | string;
  needs_service: boolean;
}

/** Songwriters with paid orders, with totals; paged and filtered in the database. */
export async function listCustomers({ db, query }: { db: Db; query: CustomersQuery }) {
  // Every filter, those on the person included, picks orders by their songwriter: the page and the count come
  // from the orders alone, and only the page's customers are looked up (bench row P7).
  const orderFilters: SQL[] = [isPaidOrder(sql`o.payment_status`), sql`o.songwriter_id is not null`];
  if (query.packageSize) orderFilters.push(sql`o.package_size = ${query.packageSize}`);
  if (query.from) orderFilters.push(sql`o.created_at >= ${query.from}::date`);
  if (query.to) orderFilters.push(sql`o.created_at < ${query.to}::date + interval '1 day'`);
  if (query.q) orderFilters.push(sql`o.songwriter_id in ${accountsMatching(query.q)}`);
  if (query.needsService === 'true') orderFilters.push(sql`o.songwriter_id in ${songwritersNeedingService}`);
  if (query.needsService === 'false') orderFilters.push(sql`o.songwriter_id not in ${songwritersNeedingService}`);

  const matched = sql`
    select o.songwriter_id as user_id, count(*) as order_count, sum(o.amount_paid_cents) as total_spent,
      coalesce(sum(c.cents), 0) as total_credit, sum(o.package_size - o.songs_submitted) as songs_owed, max(o.created_at) as last_order_at
    from orders o
    -- The credit rows each order holds, not credit_applied_cents: an order paid after its credit moved on
    -- (paid-after-cancel, decision 0041) keeps that figure, and the credit would be counted twice.
    left join (select order_id, sum(amount_cents) as cents from account_credits where order_id is not null group by order_id) c
      on c.order_id = o.id
    where ${sql.join(orderFilters, sql` and `)}
    group by o.songwriter_id`;
  const [rows, totals] = await Promise.all([
    queryRows<CustomerRow>(
      db,
      sql`
      select u.id as user_id, u.email, u.deleted_at is not null as deleted, p.first_name, p.last_name, p.username, m.order_count::int, m.total_spent::int as total_spent_cents,
        m.total_credit::int as total_credit_cents, m.songs_owed::int, m.last_order_at, ${needsService} as needs_service,
        coalesce(late.n, 0)::int as late_credits, coalesce(late.cents, 0)::int as late_credit_cents
      from (
        select * from (${matched}) as m
        order by m.last_order_at desc, m.user_id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
      ) as m
      join users u on u.id = m.user_id
      left join songwriter_profiles p on p.user_id = u.id
      -- Their reviews sent late, each credited back once (decision 0094).
      left join lateral (select count(*) as n, sum(amount_cents) as cents from account_credits ac
        where ac.songwriter_id = u.id and ac.late_review_id is not null) late on true
      order by m.last_order_at desc, m.user_id`,
    ),
    cappedCount(db, matched, query),
  ]);
  return {
    rows: rows.map((r) => ({
      userId: r.user_id,
      // A deleted account's orders still count, under no name (decision 0047).
      email: r.deleted ? null : r.email,
      deleted: r.deleted,
      firstName: r.first_name,
      lastName: r.last_name,
      username: r.username,
      orderCount: Number(r.order_count),
      totalSpentCents: Number(r.total_spent_cents),
      totalCreditCents: Number(r.total_credit_cents),
      lateCredits: Number(r.late_credits),
      lateCreditCents: Number(r.late_credit_cents),
      songsOwed: Number(r.songs_owed),
      lastOrderAt: new Date(r.last_order_at).toISOString(),
      needsService: r.needs_service,
    })),
    ...totals,
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
    credit_applied_cents: number;
    created_at: Date | string;
    pending_reviews: number;
  }>(
    db,
    sql`select o.id, o.package_size, o.songs_submitted, o.payment_status, o.amount_paid_cents, o.credit_applied_cents, o.created_at,
      (select count(*) from song_reviews sr where sr.order_id = o.id and sr.status <> 'reviewed')::int as pending_reviews
    from orders o where o.songwriter_id = ${userId} and ${isPaidOrder(sql`o.payment_status`)}
    order by o.created_at desc`,
  );
  return rows.map((r) => ({
    id: r.id,
    packageSize: Number(r.package_size),
    songsSubmitted: Number(r.songs_submitted),
    paymentStatus: r.payment_status,
    amountPaidCents: Number(r.amount_paid_cents),
    creditAppliedCents: Number(r.credit_applied_cents),
    createdAt: new Date(r.created_at).toISOString(),
    pendingReviews: Number(r.pending_reviews),
  }));
}
