import { useQuery } from '@tanstack/react-query';
import * as MESSAGES from '../../../../common/messages';
import { Receipt } from 'lucide-react';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { formatCents } from '../../../../common/money';
import { customerOrdersQuery } from './customers-api';

const th = 'py-2 pr-4 font-medium';

/** One customer's paid orders, loaded when their row is opened. */
export function CustomerOrders({ userId, label }: { userId: string; label: string }) {
  const orders = useQuery(customerOrdersQuery(userId));
  return (
    <QueryState
      query={orders}
      pending={<Spinner label={`Loading the orders of ${label}`} className="py-3" />}
      errorTitle={MESSAGES.admin.ordersLoadFailed}
      isEmpty={(rows) => rows.length === 0}
      empty={
        <p className="flex items-center gap-2 py-2 text-sm text-muted-foreground">
          <Receipt aria-hidden="true" className="size-4" />
          No paid orders in this customer's name any more.
        </p>
      }
    >
      {(rows) => (
        <table className="w-full text-left text-sm">
          <caption className="pb-2 text-left text-sm font-semibold text-foreground">Orders of {label}, newest first</caption>
          <thead className="border-b border-border text-muted-foreground">
            <tr>
              <th scope="col" className={th}>
                Ordered
              </th>
              <th scope="col" className={th}>
                Package
              </th>
              <th scope="col" className={th}>
                Songs submitted
              </th>
              <th scope="col" className={th}>
                Status
              </th>
              <th scope="col" className={`${th} text-right`}>
                Amount
              </th>
              <th scope="col" className={`${th} text-right`}>
                Pending reviews
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((order) => (
              <tr key={order.id} className="border-b border-border last:border-0">
                <td className="whitespace-nowrap py-2 pr-4">
                  <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
                </td>
                <td className="whitespace-nowrap py-2 pr-4">
                  {order.packageSize} {order.packageSize === 1 ? 'song' : 'songs'}
                </td>
                <td className="whitespace-nowrap py-2 pr-4 tabular-nums">
                  {order.songsSubmitted} / {order.packageSize}
                </td>
                <td className="py-2 pr-4">
                  {order.paymentStatus === 'completed' ? (
                    <Badge variant="success">Completed</Badge>
                  ) : order.paymentStatus === 'paid' ? (
                    <Badge variant="warning">Paid, songs owed</Badge>
                  ) : (
                    <Badge variant="secondary">{order.paymentStatus}</Badge>
                  )}
                </td>
                <td className="py-2 pr-4 text-right tabular-nums">
                  {formatCents(order.amountPaidCents)}
                  {order.creditAppliedCents > 0 && (
                    <span className="block text-xs text-muted-foreground">+ {formatCents(order.creditAppliedCents)} credit</span>
                  )}
                </td>
                <td className="py-2 pr-4 text-right tabular-nums">{order.pendingReviews}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </QueryState>
  );
}
